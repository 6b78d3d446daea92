import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ForbiddenError, NotAuthenticatedError } from '../errors';
import { currentUserOf } from './request-context';

@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!currentUserOf(context.switchToHttp().getRequest<Request>())) throw new NotAuthenticatedError('Unauthorized');
    return true;
  }
}

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = currentUserOf(context.switchToHttp().getRequest<Request>());
    if (!user) throw new NotAuthenticatedError('Unauthorized');
    if (user.role !== 'admin') throw new ForbiddenError('Administrator access is required');
    return true;
  }
}
