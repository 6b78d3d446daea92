import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationStatus } from '../../../../../backend/src/customers/contract/verification.events';
import type { VerificationInput } from '../../../../../backend/src/customers/contract/verification-input';
import type { MyVerificationView, VerificationPolicyView, VerificationView } from '../../../../../backend/src/customers/contract/verification.views';
import { serverMessageOr, useAdminMutation, useAdminPage } from '../../../api/admin-queries';
import { apiGet, apiRequest, queryString } from '../../../api/client';
import { uploadPrivateImages } from '../../media';

export type { MyVerificationView, VerificationView };

const MY_VERIFICATION_KEY = ['/api/user/verification'] as const;
const POLICY_KEY = ['/api/verifications/policy'] as const;

/** The customer's reads: whether the shop asks, and their own verification. */
export const verificationQueries = {
  policy: () => queryOptions({ queryKey: POLICY_KEY, queryFn: () => apiGet<VerificationPolicyView>(POLICY_KEY[0]), staleTime: Infinity }),
  mine: (enabled: boolean) => queryOptions({ queryKey: MY_VERIFICATION_KEY, queryFn: () => apiGet<MyVerificationView>(MY_VERIFICATION_KEY[0]), enabled }),
};

export const useVerificationPolicy = () => useQuery(verificationQueries.policy());
export const useMyVerification = (enabled = true) => useQuery(verificationQueries.mine(enabled));

type Fields = Omit<VerificationInput, 'documentUploadId'>;

/** Uploads the document photo (a private image: only the customer and staff see it), then submits. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, document }: { fields: Fields; document: File | null }) => {
      const [documentUploadId = null] = document ? await uploadPrivateImages([{ key: 'document', file: document, previewUrl: '' }]) : [];
      return apiRequest<MyVerificationView>('POST', MY_VERIFICATION_KEY[0], { ...fields, documentUploadId });
    },
    onSuccess: (mine) => queryClient.setQueryData(MY_VERIFICATION_KEY, mine),
  });
}

// ---------------------------------------------------------------------------------------------
// The back office's queue

export type StatusFilter = VerificationStatus | 'all';
const QUEUE_KEY = ['/api/admin/verifications'] as const;

export function useVerificationQueue(status: StatusFilter, page: number, pageSize: number) {
  return useAdminPage<VerificationView>([...QUEUE_KEY, 'page', { status, page, pageSize }], `${QUEUE_KEY[0]}${queryString({ status: status === 'all' ? undefined : status, page, pageSize })}`);
}

/** The customer is mailed; their paid orders may ship from now on. */
export function useApproveVerification() {
  return useAdminMutation<VerificationView, VerificationView>({
    request: ({ id }) => apiRequest('POST', `${QUEUE_KEY[0]}/${id}/approve`),
    success: { title: 'Verification approved', description: 'The customer is e-mailed; their paid orders can ship now.' },
    failure: serverMessageOr('The verification could not be approved.'),
    refresh: [QUEUE_KEY],
  });
}

/** The customer is mailed the reason and may submit again. */
export function useRejectVerification() {
  return useAdminMutation<{ id: string; reason: string }, VerificationView>({
    request: ({ id, reason }) => apiRequest('POST', `${QUEUE_KEY[0]}/${id}/reject`, { reason }),
    success: { title: 'Verification rejected', description: 'The customer is e-mailed the reason and may submit again.' },
    failure: serverMessageOr('The verification could not be rejected.'),
    refresh: [QUEUE_KEY],
  });
}
