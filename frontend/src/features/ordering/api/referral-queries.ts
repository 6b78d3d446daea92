import type { ReferralCodeView } from '../../../../../backend/src/ordering/contract/order.views';
import { apiRequest } from '../../../api/client';
import { serverMessageOr, useAdminMutation, useAdminQuery } from '../../../api/admin-queries';

export type { ReferralCodeView as ReferralCode };

/** The back office's referral codes: the list, and the changes that refresh it. */
export const REFERRAL_CODES_KEY = ['/api/admin/referral-codes'] as const;

export const useReferralCodes = () => useAdminQuery<ReferralCodeView[]>(REFERRAL_CODES_KEY, REFERRAL_CODES_KEY[0]);

export function useCreateReferralCode() {
  return useAdminMutation<{ code: string; discountPercentage: number }>({
    request: (body) => apiRequest('POST', REFERRAL_CODES_KEY[0], body),
    success: (_, { code, discountPercentage }) => ({ title: 'Referral code created', description: `${code.toUpperCase()} gives ${discountPercentage}% off.` }),
    failure: serverMessageOr('Failed to create the referral code. Please try again.'),
    refresh: [REFERRAL_CODES_KEY],
  });
}

export function useDeactivateReferralCode() {
  return useAdminMutation<{ code: string }>({
    request: ({ code }) => apiRequest('DELETE', `${REFERRAL_CODES_KEY[0]}/${encodeURIComponent(code)}`),
    success: (_, { code }) => ({ title: 'Referral code deactivated', description: `${code} can no longer be applied at checkout.` }),
    failure: serverMessageOr('Failed to deactivate the referral code. Please try again.'),
    refresh: [REFERRAL_CODES_KEY],
  });
}
