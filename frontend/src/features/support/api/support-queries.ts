import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportCaseInput, SupportReplyInput } from '../../../../../backend/src/customers/contract/support-input';
import type { SupportCaseView } from '../../../../../backend/src/customers/contract/support.views';
import { apiGet, apiGetEveryPage, apiGetPage, apiRequest, queryString } from '../../../api/client';
import { useAuth } from '../../identity';
import { PickedImage, uploadPrivateImages } from '../../media';

export type { SupportCaseView };

const SUPPORT_CASES_KEY = ['/api/support/cases'] as const;

/** The customer's cases, every read under SUPPORT_CASES_KEY: a new case or a reply refreshes them all. */
const supportCaseQueries = {
  /** One page, the most recently active first; the page shown stays while the next loads. */
  page: (page: number) =>
    queryOptions({
      queryKey: [...SUPPORT_CASES_KEY, 'page', page],
      queryFn: () => apiGetPage<SupportCaseView>(`${SUPPORT_CASES_KEY[0]}${queryString({ page })}`),
      placeholderData: keepPreviousData,
    }),
  /** All of them, for the count of open ones (the server keeps no count per customer and status). */
  every: () => queryOptions({ queryKey: [...SUPPORT_CASES_KEY, 'every'], queryFn: () => apiGetEveryPage<SupportCaseView>(SUPPORT_CASES_KEY[0]) }),
  detail: (caseId: number) => queryOptions({ queryKey: [...SUPPORT_CASES_KEY, 'case', caseId], queryFn: () => apiGet<SupportCaseView>(`${SUPPORT_CASES_KEY[0]}/${caseId}`) }),
};

/** A page of the customer's cases. */
export const useSupportCases = (page: number) => useQuery(supportCaseQueries.page(page));

/** Spec §2: the Support Cases tile counts the open ones; answered ones wait on the customer, so they count too. */
export function useOpenSupportCaseCount() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...supportCaseQueries.every(), enabled: isAuthenticated, select: (cases) => cases.filter((supportCase) => supportCase.status !== 'closed').length });
}

export const useSupportCase = (caseId: number) => useQuery(supportCaseQueries.detail(caseId));

type CaseFields = Omit<SupportCaseInput, 'attachments'>;

/** Uploads the picked images, then opens the case; the list (and the dashboard's count) is read again. */
export function useCreateSupportCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, images }: { fields: CaseFields; images: PickedImage[] }) =>
      apiRequest<SupportCaseView>('POST', SUPPORT_CASES_KEY[0], { ...fields, attachments: await uploadPrivateImages(images) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY }),
  });
}

export function useReplyToSupportCase(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, images }: { message: SupportReplyInput['message']; images: PickedImage[] }) =>
      apiRequest<SupportCaseView>('POST', `${SUPPORT_CASES_KEY[0]}/${caseId}/replies`, { message, attachments: await uploadPrivateImages(images) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(supportCaseQueries.detail(caseId).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY });
    },
  });
}
