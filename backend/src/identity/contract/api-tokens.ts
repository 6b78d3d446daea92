import { z } from 'zod';
import { DomainEvent } from '../../shared/contract/domain-event';
import { may, Permission, Role } from './staff-roles';

/**
 * API tokens for analytics consumers and auditors (issue 23, deliverable 4): a scoped, hashed bearer
 * token that reads the traffic and funnel views or the audit log, nowhere else. Free of framework code:
 * the back office shares the scopes, the input schema and the view.
 */

/** What a token may read: each scope is the permission of the routes it opens. */
export const API_TOKEN_SCOPES = ['analytics:read', 'audit:read'] as const satisfies readonly Permission[];
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts so: a reader (and a secret scanner) tells it from any other credential at a glance. */
export const API_TOKEN_PREFIX = 'shop_';
/** The secret's random bytes (before base64url): 256 bits, beyond guessing. */
export const API_TOKEN_BYTES = 32;
/** Requests per token and window: a report tool polls; a loop gone wrong is stopped without hurting others. */
export const API_TOKEN_RATE_LIMIT = { requests: 60, windowMs: 60_000 } as const;
/** `lastUsedAt` is written at most this often per token: a busy token costs one write a minute, not one per request. */
export const API_TOKEN_LAST_USE_RESOLUTION_MS = 60_000;
export const API_TOKEN_MAX_DAYS = 365;

/** The scopes a role may give its tokens: those of its own permissions (an analyst's tokens read analytics only). */
export function apiTokenScopesFor(role: Role | null | undefined): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => may(role, scope));
}

/** Whoever holds a scope's permission manages their own tokens: the owner, analysts, auditors. */
export function mayUseApiTokens(role: Role | null | undefined): boolean {
  return apiTokenScopesFor(role).length > 0;
}

/** The owner sees and revokes every token, whoever made it; everyone else only their own. */
export function managesEveryApiToken(role: Role | null | undefined): boolean {
  return role === 'owner';
}

export const createApiTokenSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the token a name (what uses it)').max(80, 'A name has at most 80 characters'),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { message: `Scopes are ${API_TOKEN_SCOPES.join(' and ')}` }))
      .min(1, 'Choose at least one scope')
      .max(API_TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once'),
    expiresInDays: z.number().int('Days are a whole number').min(1, 'At least 1 day').max(API_TOKEN_MAX_DAYS, `At most ${API_TOKEN_MAX_DAYS} days`),
  })
  .strict();
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** A token as listed: never its secret, nor its hash. */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  createdAt: string;
  expiresAt: string;
  /** Last request it authorized, to the minute (null: never used). */
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { id: string; name: string };
}

/** What creating answers: the view and, this once, the secret. */
export interface CreatedApiTokenView extends ApiTokenView {
  token: string;
}

/** A token was made. No secret and no hash here: only its SHA-256, in the credential store. The maker is the event's actor too. */
export type ApiTokenCreated = DomainEvent<'ApiTokenCreated', { tokenId: string; name: string; scopes: ApiTokenScope[]; createdBy: string; expiresAt: string }>;
/** The token stopped working at once; `revokedBy` is who revoked it (its maker or the owner). */
export type ApiTokenRevoked = DomainEvent<'ApiTokenRevoked', { tokenId: string; revokedBy: string }>;
export type ApiTokenEvent = ApiTokenCreated | ApiTokenRevoked;

export const apiTokenStream = (tokenId: string) => `api-token-${tokenId}`;

/** Refusals a token's user reads (401 unless said otherwise). */
export const API_TOKEN_MESSAGES = {
  unknown: 'This API token is not valid. Check that it was copied whole, or make a new one in the back office (API tokens).',
  expired: 'This API token has expired. Make a new one in the back office (API tokens).',
  revoked: 'This API token was revoked. Make a new one in the back office (API tokens).',
  makerLacks: (scope: ApiTokenScope) => `This API token no longer works: the account that made it may no longer read ${scope}.`,
  /** 403: a live token used beyond its scopes. */
  outOfScope: (scope: ApiTokenScope) => `This API token's scopes do not include ${scope}.`,
  elsewhere: 'An API token opens only the analytics and audit reads (see /api/docs). Other routes need a signed-in session.',
  rateLimited: 'Too many requests with this API token.',
  notFound: 'No such API token.',
  alreadyRevoked: 'This API token is already revoked.',
} as const;

/** A token's id in a route (`/api/admin/api-tokens/:id`). */
export const apiTokenIdSchema = z.string().uuid('A token id is a UUID, as the list shows it');
