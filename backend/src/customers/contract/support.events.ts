import { DomainEvent } from '../../shared/contract/domain-event';

/**
 * Support cases (checkout spec §5 Support case), one stream per case: `support-case-<id>`.
 * The notifications context reacts to `SupportCaseReplied` by an admin (an e-mail to the customer).
 */
export const supportCaseStream = (caseId: number) => `support-case-${caseId}`;
export const SUPPORT_CASE_STREAM_PREFIX = 'support-case-';

/** An admin's (or the customer's) reply on a case. `authorRole` says whose; the customer is mailed for an admin's. */
export type SupportCaseReplied = DomainEvent<
  'SupportCaseReplied',
  { caseId: number; messageId: number; customerId: number; subject: string; authorRole: 'admin' | 'customer'; authorId: number; message: string; attachments: string[]; repliedAt: string }
>;
