import { DomainEvent } from '../../shared/contract/domain-event';

/**
 * Institution verification (issue "Institution verification before shipping"), one stream per customer
 * account: `verification-<userId>`. A customer says where they work and proves it with an institutional
 * e-mail address or a photo of a document (an upload id of the media context, a private attachment);
 * staff approve or reject it. While VERIFY_BEFORE_SHIPPING is on, a buyer's orders ship only once approved.
 */
export const verificationStream = (customerId: string) => `verification-${customerId}`;
export const VERIFICATION_STREAM_PREFIX = 'verification-';

/** submitted: waiting for staff; approved: orders may ship; rejected: the customer may submit again. */
export const VERIFICATION_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * What the customer sent, with their name and e-mail as they were then (so the queue needs no other read model).
 * `resubmission`: a new submission after a rejection.
 */
export type InstitutionVerificationSubmitted = DomainEvent<
  'InstitutionVerificationSubmitted',
  {
    customerId: string;
    customerEmail: string;
    customerName: string;
    institution: string;
    position: string;
    institutionEmail: string | null;
    documentUploadId: string | null;
    resubmission: boolean;
    submittedAt: string;
  }
>;

/** Staff accepted it: the customer's orders may ship. */
export type InstitutionVerificationApproved = DomainEvent<'InstitutionVerificationApproved', { customerId: string; customerEmail: string; approvedBy: string; approvedAt: string }>;

/** Staff refused it, saying why (the customer is mailed the reason and may submit again). */
export type InstitutionVerificationRejected = DomainEvent<
  'InstitutionVerificationRejected',
  { customerId: string; customerEmail: string; rejectedBy: string; reason: string; rejectedAt: string }
>;

export type VerificationEvent = InstitutionVerificationSubmitted | InstitutionVerificationApproved | InstitutionVerificationRejected;
