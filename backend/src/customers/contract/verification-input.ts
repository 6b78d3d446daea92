import { z } from 'zod';
import { UPLOAD_ID } from '../../media/contract/media-input';

export const VERIFICATION_MESSAGES = {
  institutionRequired: 'Institution is required',
  positionRequired: 'Position is required',
  invalidEmail: 'The institutional e-mail must be a valid e-mail address',
  notAnUpload: 'The document must be an image you uploaded',
  proofRequired: 'Give an institutional e-mail address or a photo of a document that shows your affiliation',
  notFound: 'Verification not found',
  reasonRequired: 'Say why the verification is rejected',
  alreadySubmitted: 'Your verification is waiting for review already',
  alreadyApproved: 'Your institution is verified already',
} as const;

/** The fields of `POST /api/user/verification`, each checked alone (the storefront's form picks the document as a file). */
export const verificationFieldsSchema = z
  .object({
    institution: z.string({ message: VERIFICATION_MESSAGES.institutionRequired }).trim().min(1, VERIFICATION_MESSAGES.institutionRequired).max(200, 'Institution must be at most 200 characters'),
    position: z.string({ message: VERIFICATION_MESSAGES.positionRequired }).trim().min(1, VERIFICATION_MESSAGES.positionRequired).max(200, 'Position must be at most 200 characters'),
    institutionEmail: z
      .string({ message: VERIFICATION_MESSAGES.invalidEmail })
      .trim()
      .toLowerCase()
      .refine((email) => email === '' || z.email().safeParse(email).success, VERIFICATION_MESSAGES.invalidEmail)
      .nullish()
      .transform((email) => email || null),
    /** The id of an upload issued with purpose 'support-attachment' (a private image). */
    documentUploadId: z
      .string({ message: VERIFICATION_MESSAGES.notAnUpload })
      .regex(UPLOAD_ID, VERIFICATION_MESSAGES.notAnUpload)
      .nullish()
      .transform((id) => id ?? null),
  })
  .strict();

/** `POST /api/user/verification`: where the customer works and at least one proof of it (a blank e-mail counts as none). */
export const verificationInputSchema = verificationFieldsSchema.refine((input) => input.institutionEmail !== null || input.documentUploadId !== null, { message: VERIFICATION_MESSAGES.proofRequired, path: ['institutionEmail'] });

export type VerificationInput = z.infer<typeof verificationInputSchema>;

/** `POST /api/admin/verifications/:id/reject`. */
export const verificationRejectionSchema = z
  .object({ reason: z.string({ message: VERIFICATION_MESSAGES.reasonRequired }).trim().min(1, VERIFICATION_MESSAGES.reasonRequired).max(1000, 'The reason must be at most 1000 characters') })
  .strict();

export type VerificationRejection = z.infer<typeof verificationRejectionSchema>;
