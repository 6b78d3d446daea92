import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SessionUser } from '../../identity/contract/session-user';
import { CommandContext } from '../event-sourcing/command-context';
import { correlationIdOf } from '../logging/json-logger';

export function currentUserOf(request: Request): SessionUser | null {
  return (request.user as SessionUser | undefined) ?? null;
}

/** The request's correlation id (its X-Request-Id, logged on each of its lines) becomes its events' correlation id. */
export function commandContextOf(request: Request): CommandContext {
  return { actorId: currentUserOf(request)?.id ?? null, correlationId: correlationIdOf(request) };
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) =>
  currentUserOf(context.switchToHttp().getRequest<Request>()),
);

export const Context = createParamDecorator((_: unknown, context: ExecutionContext) =>
  commandContextOf(context.switchToHttp().getRequest<Request>()),
);
