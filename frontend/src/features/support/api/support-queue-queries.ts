import type { SupportCaseStatus } from '../../../../../backend/src/customers/contract/support.events';
import type { SupportCaseView } from '../../../../../backend/src/customers/contract/support.views';
import { apiRequest, queryString } from '../../../api/client';
import { serverMessageOr, useAdminMutation, useAdminPage, useAdminQuery } from '../../../api/admin-queries';

export type StatusFilter = SupportCaseStatus | 'all';

const SUPPORT_QUEUE_KEY = ['/api/admin/support/cases'] as const;
/** The queue's reads, under SUPPORT_QUEUE_KEY: a reply or a closing refreshes the page shown and the open case. */
const supportQueueQueries = {
  page: (status: StatusFilter, page: number, pageSize: number) => ({
    queryKey: [...SUPPORT_QUEUE_KEY, 'page', { status, page, pageSize }],
    url: `${SUPPORT_QUEUE_KEY[0]}${queryString({ status: status === 'all' ? undefined : status, page, pageSize })}`,
  }),
  case: (caseId: number) => ({ queryKey: [...SUPPORT_QUEUE_KEY, 'case', caseId], url: `${SUPPORT_QUEUE_KEY[0]}/${caseId}` }),
};

export function useSupportQueue(status: StatusFilter, page: number, pageSize: number) {
  const { queryKey, url } = supportQueueQueries.page(status, page, pageSize);
  return useAdminPage<SupportCaseView>(queryKey, url);
}

export function useSupportCase(caseId: number) {
  const { queryKey, url } = supportQueueQueries.case(caseId);
  return useAdminQuery<SupportCaseView>(queryKey, url);
}

/** The customer sees the reply on their dashboard and is told by e-mail. */
export function useAnswerSupportCase(caseId: number) {
  return useAdminMutation<{ message: string }, SupportCaseView>({
    request: ({ message }) => apiRequest('POST', `/api/admin/support/cases/${caseId}/replies`, { message }),
    success: { title: 'Reply sent', description: 'The customer sees it on their dashboard and is notified by e-mail.' },
    failure: serverMessageOr('Failed to send the reply.'),
    refresh: [SUPPORT_QUEUE_KEY],
  });
}

export function useCloseSupportCase(caseId: number) {
  return useAdminMutation<void, SupportCaseView>({
    request: () => apiRequest('POST', `/api/admin/support/cases/${caseId}/close`),
    success: { title: 'Case closed', description: `Support case #${caseId} takes no more replies.` },
    failure: serverMessageOr('Failed to close the case.'),
    refresh: [SUPPORT_QUEUE_KEY],
  });
}
