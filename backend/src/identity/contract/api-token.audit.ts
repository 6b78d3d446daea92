import { ApiTokenEvent } from './api-tokens';

/** API token events as the audit trail tells them: which token, what it may read, who made or revoked it (the entry's actor). */
export function describeApiTokenEvent(event: ApiTokenEvent): string {
  switch (event.type) {
    case 'ApiTokenCreated':
      return `API token "${event.data.name}" created, reading ${event.data.scopes.join(' and ')}, valid until ${event.data.expiresAt}`;
    case 'ApiTokenRevoked':
      return `API token revoked; it no longer opens anything`;
  }
}
