import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { SessionUser } from '../../identity/contract/session-user';
import { CommandContext } from '../event-sourcing/command-context';

export function currentUserOf(request: Request): SessionUser | null {
  return (request.user as SessionUser | undefined) ?? null;
}

export function commandContextOf(request: Request): CommandContext {
  const header = request.headers['x-request-id'];
  const correlationId = typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
  return { actorId: currentUserOf(request)?.id ?? null, correlationId };
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) =>
  currentUserOf(context.switchToHttp().getRequest<Request>()),
);

export const Context = createParamDecorator((_: unknown, context: ExecutionContext) =>
  commandContextOf(context.switchToHttp().getRequest<Request>()),
);
