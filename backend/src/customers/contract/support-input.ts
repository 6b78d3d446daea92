import { z } from 'zod';
import { UPLOAD_ID } from '../../media/contract/media-input';

/** Checkout spec §5 Support case and §9: the form's rules, enforced again on the server. */
export const SUPPORT_CATEGORIES = ['order_issue', 'product_inquiry', 'shipping', 'payment', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  order_issue: 'Order issue',
  product_inquiry: 'Product inquiry',
  shipping: 'Shipping',
  payment: 'Payment',
  other: 'Other',
};

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const DEFAULT_SUPPORT_PRIORITY: SupportPriority = 'medium';

/** Spec §5, §9: at most 5 images per case (and per reply), 10 MB each. */
export const MAX_SUPPORT_ATTACHMENTS = 5;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  descriptionTooShort: 'Description must be at least 10 characters',
  categoryRequired: 'Category is required',
  tooManyFilesTitle: 'Too Many Files',
  tooManyFiles: 'You can only upload up to 5 images.',
  createFailed: 'Failed to create support case. Please try again.',
  orderNotYours: 'Order ID must be one of your orders',
  notFound: 'Support case not found',
  closed: 'This support case is closed. Please open a new case.',
  notAnUpload: 'Each attachment must be an image you uploaded',
} as const;

/** An attachment is named by the id of the upload its bytes were sent to (`uploadIdOf` its uploadURL). */
const attachmentsSchema = z
  .array(z.string({ message: SUPPORT_MESSAGES.notAnUpload }).regex(UPLOAD_ID, SUPPORT_MESSAGES.notAnUpload), { message: SUPPORT_MESSAGES.notAnUpload })
  .max(MAX_SUPPORT_ATTACHMENTS, SUPPORT_MESSAGES.tooManyFiles)
  .refine((ids) => new Set(ids).size === ids.length, 'The same image is attached twice')
  .default([]);

export const supportCaseInputSchema = z
  .object({
    subject: z.string({ message: SUPPORT_MESSAGES.subjectRequired }).trim().min(1, SUPPORT_MESSAGES.subjectRequired).max(200, 'Subject must be at most 200 characters'),
    description: z
      .string({ message: SUPPORT_MESSAGES.descriptionTooShort })
      .trim()
      .min(10, SUPPORT_MESSAGES.descriptionTooShort)
      .max(5000, 'Description must be at most 5000 characters'),
    category: z.enum(SUPPORT_CATEGORIES, { message: SUPPORT_MESSAGES.categoryRequired }),
    priority: z.enum(SUPPORT_PRIORITIES, { message: 'Priority must be low, medium, high or urgent' }).default(DEFAULT_SUPPORT_PRIORITY),
    /** Spec §5: optional; when given, one of the customer's own orders (checked on the server). */
    orderId: z.number({ message: 'Order ID must be a number' }).int('Order ID must be a whole number').positive('Order ID must be a whole number').nullish().transform((id) => id ?? null),
    attachments: attachmentsSchema,
  })
  .strict();

export type SupportCaseInput = z.infer<typeof supportCaseInputSchema>;

export const supportReplyInputSchema = z
  .object({
    message: z.string({ message: 'A message is required' }).trim().min(1, 'A message is required').max(5000, 'The message must be at most 5000 characters'),
    attachments: attachmentsSchema,
  })
  .strict();

export type SupportReplyInput = z.infer<typeof supportReplyInputSchema>;
