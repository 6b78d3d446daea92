import type { ApiTokenView, CreateApiTokenInput, CreatedApiTokenView } from '../../../../../backend/src/identity/contract/api-tokens';
import { apiRequest } from '../../../api/client';
import { serverMessageOr, useAdminMutation, useAdminQuery } from '../../../api/admin-queries';

export type { ApiTokenView as ApiToken, CreatedApiTokenView as CreatedApiToken };

/** The signed-in account's API tokens (the owner's list: everyone's), and the changes that refresh it. */
export const API_TOKENS_KEY = ['/api/admin/api-tokens'] as const;

export const useApiTokens = () => useAdminQuery<ApiTokenView[]>(API_TOKENS_KEY, API_TOKENS_KEY[0]);

export function useCreateApiToken() {
  return useAdminMutation<CreateApiTokenInput, CreatedApiTokenView>({
    request: (body) => apiRequest<CreatedApiTokenView>('POST', API_TOKENS_KEY[0], body),
    success: (_, { name }) => ({ title: 'API token created', description: `Copy "${name}" now: it is shown only this once.` }),
    failure: serverMessageOr('Failed to create the API token. Please try again.'),
    refresh: [API_TOKENS_KEY],
  });
}

export function useRevokeApiToken() {
  return useAdminMutation<{ id: string; name: string }>({
    request: ({ id }) => apiRequest('DELETE', `${API_TOKENS_KEY[0]}/${encodeURIComponent(id)}`),
    success: (_, { name }) => ({ title: 'API token revoked', description: `"${name}" no longer opens anything.` }),
    failure: serverMessageOr('Failed to revoke the API token. Please try again.'),
    refresh: [API_TOKENS_KEY],
  });
}
