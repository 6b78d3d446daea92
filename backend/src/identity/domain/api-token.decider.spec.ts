import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { API_TOKEN_MESSAGES, ApiTokenEvent } from '../contract/api-tokens';
import { ApiTokenCommand, apiTokenDecider } from './api-token.decider';

const EXPIRES_AT = '2031-01-01T00:00:00.000Z';
const create: ApiTokenCommand = { kind: 'create', tokenId: 't-1', name: 'BI tool', scopes: ['analytics:read'], createdBy: 'u-analyst', expiresAt: EXPIRES_AT };
const created: ApiTokenEvent = { type: 'ApiTokenCreated', version: 1, data: { tokenId: 't-1', name: 'BI tool', scopes: ['analytics:read'], createdBy: 'u-analyst', expiresAt: EXPIRES_AT } };
const revokedByOwner: ApiTokenEvent = { type: 'ApiTokenRevoked', version: 1, data: { tokenId: 't-1', revokedBy: 'u-owner' } };

const token = DeciderSpecification.for(apiTokenDecider);

describe('API token decider', () => {
  it('records a new token with its name, scopes, maker and expiry (never its secret)', () => {
    token.given([]).when(create).then([created]);
  });

  it('refuses to make a token whose id is taken', () => {
    token.given([created]).when(create).thenThrows(ConflictError, 'This API token already exists');
  });

  it('revokes a live token, naming who revoked it', () => {
    token.given([created]).when({ kind: 'revoke', revokedBy: 'u-owner' }).then([revokedByOwner]);
  });

  it('refuses to revoke a token twice, or one that was never made', () => {
    token.given([created, revokedByOwner]).when({ kind: 'revoke', revokedBy: 'u-analyst' }).thenThrows(ConflictError, API_TOKEN_MESSAGES.alreadyRevoked);
    token.given([]).when({ kind: 'revoke', revokedBy: 'u-owner' }).thenThrows(NotFoundError, API_TOKEN_MESSAGES.notFound);
  });
});
