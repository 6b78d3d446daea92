import { Injectable } from '@nestjs/common';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { ForbiddenError, NotAuthenticatedError } from '../../shared/errors';
import { ApiTokenAuthenticator } from '../../shared/http/api-token-access';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { API_TOKEN_LAST_USE_RESOLUTION_MS, API_TOKEN_MESSAGES, API_TOKEN_RATE_LIMIT, ApiTokenScope } from '../contract/api-tokens';
import { may } from '../contract/staff-roles';
import { ApiTokenVault, hashOfApiToken } from '../commands/api-tokens.command';

/**
 * Checks a request's API token where one is accepted, in this order: it exists (by its hash), is not
 * revoked nor expired (401 each, saying which), it carries the scope (403), its maker's role today still
 * has the scope (401: a maker demoted since makes every token of theirs stop, with no revocation needed),
 * and it is within its rate (429). Then its use is noted, at most once a minute.
 */
@Injectable()
export class ApiTokenChecker implements ApiTokenAuthenticator {
  constructor(
    private readonly vault: ApiTokenVault,
    private readonly users: UserQueries,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async authorize(token: string, scope: ApiTokenScope): Promise<void> {
    const record = await this.vault.byHash(hashOfApiToken(token));
    if (!record) throw new NotAuthenticatedError(API_TOKEN_MESSAGES.unknown);
    if (record.revokedAt !== null) throw new NotAuthenticatedError(API_TOKEN_MESSAGES.revoked);
    const now = new Date(Date.now());
    if (Date.parse(record.expiresAt) <= now.getTime()) throw new NotAuthenticatedError(API_TOKEN_MESSAGES.expired);
    if (!record.scopes.includes(scope)) throw new ForbiddenError(API_TOKEN_MESSAGES.outOfScope(scope));
    const maker = await this.users.findById(record.createdBy);
    if (!may(maker?.role, scope)) throw new NotAuthenticatedError(API_TOKEN_MESSAGES.makerLacks(scope));
    await this.rateLimiter.consume(`api-token:${record._id}`, API_TOKEN_RATE_LIMIT.requests, API_TOKEN_RATE_LIMIT.windowMs, API_TOKEN_MESSAGES.rateLimited);
    // The record in hand says whether a minute has passed: most requests of a busy token write nothing.
    if (record.lastUsedAt === null || now.getTime() - Date.parse(record.lastUsedAt) >= API_TOKEN_LAST_USE_RESOLUTION_MS) {
      await this.vault.touch(record._id, now, API_TOKEN_LAST_USE_RESOLUTION_MS);
    }
  }
}
