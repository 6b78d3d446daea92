import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, ApiTokenScope } from '../../identity/contract/api-tokens';
import { NotAuthenticatedError } from '../errors';
import { PERMISSION_KEY, PermissionGuard } from './guards';

/**
 * Where an API token (issue 23) may stand in for a session: the few read routes marked with
 * `@RequirePermissionOrApiToken`, and nowhere else. The kit knows only the port; the identity context
 * checks the token (its hash, expiry, revocation, scopes, its maker's current role, its rate).
 */
export interface ApiTokenAuthenticator {
  /** Resolves when `token` may read what `scope` opens right now; otherwise throws the refusal (401, 403, 429). */
  authorize(token: string, scope: ApiTokenScope): Promise<void>;
}
export const API_TOKEN_AUTHENTICATOR = Symbol('API_TOKEN_AUTHENTICATOR');

const API_TOKEN_SCOPE_KEY = 'apiTokenScope';

/** The scope an API token needs on this route, or undefined where no token is accepted (the OpenAPI document's security). */
export function apiTokenScopeOf(handler: object): ApiTokenScope | undefined {
  return Reflect.getMetadata(API_TOKEN_SCOPE_KEY, handler) as ApiTokenScope | undefined;
}

/** The request's API token: `Authorization: Bearer shop_…`. Other bearer tokens (METRICS_TOKEN) are not ours. */
export function apiTokenOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match && match[1].startsWith(API_TOKEN_PREFIX) ? match[1] : null;
}

/**
 * A request with an API token is judged by the token alone (its session, if any, is not looked at); one
 * without, by the session as `@RequirePermission` does. A token request sends no cookie, so it neither
 * needs nor gets CSRF protection, and these routes are all GETs.
 */
@Injectable()
export class ApiTokenOrPermissionGuard implements CanActivate {
  private readonly sessions: PermissionGuard;

  constructor(
    private readonly reflector: Reflector,
    @Inject(API_TOKEN_AUTHENTICATOR) private readonly tokens: ApiTokenAuthenticator,
  ) {
    this.sessions = new PermissionGuard(reflector);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const token = apiTokenOf(context.switchToHttp().getRequest<Request>());
    if (token === null) return this.sessions.canActivate(context);
    await this.tokens.authorize(token, this.reflector.get<ApiTokenScope>(API_TOKEN_SCOPE_KEY, context.getHandler()));
    return true;
  }
}

/**
 * Runs before every route's own guards (an APP_GUARD): an API token anywhere but where it is accepted is a
 * 401, even on a public route, so a token leaked into some other client fails loudly instead of quietly
 * reading as nobody.
 */
@Injectable()
export class ApiTokensOnlyWhereAccepted implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || apiTokenOf(context.switchToHttp().getRequest<Request>()) === null) return true;
    if (this.reflector.get<ApiTokenScope | undefined>(API_TOKEN_SCOPE_KEY, context.getHandler()) === undefined) throw new NotAuthenticatedError(API_TOKEN_MESSAGES.elsewhere);
    return true;
  }
}

/** `@RequirePermission(scope)` for a signed-in user, or an API token with `scope` (analytics:read, audit:read). */
export const RequirePermissionOrApiToken = (scope: ApiTokenScope) =>
  applyDecorators(SetMetadata(PERMISSION_KEY, scope), SetMetadata(API_TOKEN_SCOPE_KEY, scope), UseGuards(ApiTokenOrPermissionGuard));
