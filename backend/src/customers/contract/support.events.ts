import { DomainEvent } from '../../shared/contract/domain-event';
import { SupportCategory, SupportPriority } from './support-input';

/**
 * Support cases (checkout spec §5 Support case), one stream per case: `support-case-<id>`.
 * The notifications context reacts to `SupportCaseReplied` by an admin (an e-mail to the customer).
 * Attachments are upload ids of the media context, each an image the author uploaded and media re-encoded.
 */
export const supportCaseStream = (caseId: number) => `support-case-${caseId}`;
export const SUPPORT_CASE_STREAM_PREFIX = 'support-case-';

/** Statuses: open until an admin answers; answered until the customer writes again; closed for good. */
export const SUPPORT_CASE_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportCaseStatus = (typeof SUPPORT_CASE_STATUSES)[number];

/** `admin` is the store: whoever of the staff answered (issue 23's roles came later; the recorded word stays). */
export type SupportAuthorRole = 'admin' | 'customer';

/** The customer's name and e-mail as they were when the case was opened: part of the fact, so the queue needs no other read model. */
export type SupportCaseOpened = DomainEvent<
  'SupportCaseOpened',
  {
    caseId: number;
    customerId: string;
    customerEmail: string;
    customerName: string;
    subject: string;
    description: string;
    category: SupportCategory;
    priority: SupportPriority;
    orderId: number | null;
    attachments: string[];
    openedAt: string;
  }
>;

/** An admin's (or the customer's) reply on a case. `authorRole` says whose; the customer is mailed for an admin's. */
export type SupportCaseReplied = DomainEvent<
  'SupportCaseReplied',
  {
    caseId: number;
    messageId: number;
    customerId: string;
    customerEmail: string;
    subject: string;
    authorRole: SupportAuthorRole;
    authorId: string;
    authorName: string;
    message: string;
    attachments: string[];
    repliedAt: string;
  }
>;

/** An administrator closed the case: no more replies. */
export type SupportCaseClosed = DomainEvent<'SupportCaseClosed', { caseId: number; customerId: string; closedBy: string; closedAt: string }>;

export type SupportCaseEvent = SupportCaseOpened | SupportCaseReplied | SupportCaseClosed;
