import { SupportAuthorRole, SupportCaseStatus } from './support.events';
import { SupportCategory, SupportPriority } from './support-input';

/** The stored sizes of an attachment: a thumbnail for lists and threads, a large one to open. */
export const SUPPORT_ATTACHMENT_THUMBNAIL = 320;
export const SUPPORT_ATTACHMENT_FULL = 1280;

/** Where an attachment is served: only to the case's customer and administrators, never publicly. */
export function supportAttachmentPath(caseId: number, attachmentId: string, width: number): string {
  return `/api/support/cases/${caseId}/attachments/${attachmentId}/${width}.webp`;
}

export interface SupportAttachmentView {
  id: string;
  thumbnailUrl: string;
  imageUrl: string;
}

/** A reply on a case, by the customer or an administrator (the opening description is the case's own). */
export interface SupportMessageView {
  id: number;
  authorRole: SupportAuthorRole;
  authorName: string;
  message: string;
  attachments: SupportAttachmentView[];
  createdAt: string;
}

/** `GET /api/support/cases/:id` and the lists: the case with its replies, oldest first. */
export interface SupportCaseView {
  id: number;
  subject: string;
  description: string;
  category: SupportCategory;
  priority: SupportPriority;
  orderId: number | null;
  status: SupportCaseStatus;
  attachments: SupportAttachmentView[];
  messages: SupportMessageView[];
  customer: { id: string; email: string; name: string };
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}
