import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { may, Permission } from '../../identity/contract/staff-roles';
import { ForbiddenError, NotAuthenticatedError } from '../errors';
import { currentUserOf } from './request-context';

@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!currentUserOf(context.switchToHttp().getRequest<Request>())) throw new NotAuthenticatedError('Unauthorized');
    return true;
  }
}

export const PERMISSION_KEY = 'requiredPermission';

/** The permission a route handler was given with `@RequirePermission`, if any (the OpenAPI document's `x-access`). */
export function requiredPermissionOf(handler: object): Permission | undefined {
  return Reflect.getMetadata(PERMISSION_KEY, handler) as Permission | undefined;
}

/** Admits a signed-in user whose role has the route's permission (staff-roles.ts): 401 for nobody, 403 for a role without it. */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permission = this.reflector.get<Permission | undefined>(PERMISSION_KEY, context.getHandler());
    // A route guarded without naming what it needs would be open to every role: a programming error, refused loudly.
    if (!permission) throw new Error(`${context.getClass().name}.${context.getHandler().name} uses PermissionGuard without @RequirePermission`);
    const user = currentUserOf(context.switchToHttp().getRequest<Request>());
    if (!user) throw new NotAuthenticatedError('Unauthorized');
    if (!may(user.role, permission)) throw new ForbiddenError(forbiddenMessage(permission));
    return true;
  }
}

/** The one refusal text for a signed-in user whose role lacks `permission`, from a guard or a handler's own check. */
export function forbiddenMessage(permission: Permission): string {
  return `Your role does not allow this (it needs ${permission}).`;
}

/** The one capability a route needs, from the role map in identity/contract/staff-roles.ts. */
export const RequirePermission = (permission: Permission) => applyDecorators(SetMetadata(PERMISSION_KEY, permission), UseGuards(PermissionGuard));
