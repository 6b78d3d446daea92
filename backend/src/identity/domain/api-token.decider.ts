import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { API_TOKEN_MESSAGES, ApiTokenEvent, ApiTokenScope } from '../contract/api-tokens';

/** One token's life on its own stream (`api-token-<id>`): made once, revoked once. */
export interface ApiTokenState {
  tokenId: string | null;
  createdBy: string | null;
  revoked: boolean;
}

export type ApiTokenCommand =
  /** The secret is the handler's: it is shown once and only its hash is kept, in the credential store. */
  | { kind: 'create'; tokenId: string; name: string; scopes: ApiTokenScope[]; createdBy: string; expiresAt: string }
  /** Who may revoke (the maker, the owner) was checked by the handler. */
  | { kind: 'revoke'; revokedBy: string };

export const apiTokenDecider: Decider<ApiTokenCommand, ApiTokenState, ApiTokenEvent> = {
  initialState: { tokenId: null, createdBy: null, revoked: false },

  evolve(state, event) {
    switch (event.type) {
      case 'ApiTokenCreated':
        return { tokenId: event.data.tokenId, createdBy: event.data.createdBy, revoked: false };
      case 'ApiTokenRevoked':
        return { ...state, revoked: true };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'create': {
        if (state.tokenId !== null) throw new ConflictError('This API token already exists');
        const { kind: _, ...data } = command;
        return [{ type: 'ApiTokenCreated', version: 1, data }];
      }
      case 'revoke':
        if (state.tokenId === null) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
        if (state.revoked) throw new ConflictError(API_TOKEN_MESSAGES.alreadyRevoked);
        return [{ type: 'ApiTokenRevoked', version: 1, data: { tokenId: state.tokenId, revokedBy: command.revokedBy } }];
    }
  },
};
