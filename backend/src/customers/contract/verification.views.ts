import { VerificationStatus } from './verification.events';

/** The stored sizes of a document photo: a thumbnail for the queue, a large one to read. */
export const VERIFICATION_DOCUMENT_THUMBNAIL = 320;
export const VERIFICATION_DOCUMENT_FULL = 1280;

/** Where a document photo is served: only to its customer and administrators, never publicly. */
export function verificationDocumentPath(customerId: string, width: number): string {
  return `/api/verifications/${customerId}/document/${width}.webp`;
}

/** A verification as staff and its customer see it; `id` is the customer's account id (one verification per account). */
export interface VerificationView {
  id: string;
  status: VerificationStatus;
  customer: { id: string; email: string; name: string };
  institution: string;
  position: string;
  institutionEmail: string | null;
  document: { thumbnailUrl: string; imageUrl: string } | null;
  submittedAt: string;
  /** When staff approved or rejected it (null while it waits). */
  decidedAt: string | null;
  /** Why it was rejected. */
  reason: string | null;
}

/** `GET /api/verifications/policy`: whether this shop asks for verification before shipping (VERIFY_BEFORE_SHIPPING). */
export interface VerificationPolicyView {
  required: boolean;
}

/**
 * `GET /api/user/verification`: whether this shop asks for verification before shipping (VERIFY_BEFORE_SHIPPING),
 * and the customer's own verification (null: never submitted).
 */
export interface MyVerificationView {
  required: boolean;
  verification: VerificationView | null;
}
