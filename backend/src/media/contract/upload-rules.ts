/** Back-office spec §5: one image file of at most 10485760 bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** More pixels than this is no product photo but a decompression bomb: 40 megapixels is 8000 × 5000. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** What an upload may be, told by its content, never by its name or the type the browser claims. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/**
 * What a link is for: a product image (administrators only; it becomes public), or an image a
 * signed-in person attaches to a support case (kept private, served only to that case's people).
 */
export const UPLOAD_PURPOSES = ['product-image', 'support-attachment'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Over an account's attachment quota: what it keeps, and what it may. */
export function overQuotaMessage(usedBytes: number, quotaMb: number): string {
  return `Your support attachments already take ${(usedBytes / (1024 * 1024)).toFixed(1)} MB of the ${quotaMb} MB each account may keep. Please send fewer or smaller images.`;
}

export const UPLOAD_MESSAGES = {
  badSignature: 'This upload link is not valid. Request a new upload link.',
  expired: 'This upload link has expired. Request a new upload link and upload the image again.',
  alreadyUsed: 'This upload link has already been used. Request a new upload link for another image.',
  notFound: 'No upload was found at this link. Request a new upload link.',
  tooLarge: 'The image is larger than 10 MB',
  notAnImage: 'The file is not an image (PNG, JPEG, WebP, GIF or AVIF)',
  tooManyPixels: 'The image has too many pixels (at most 40 megapixels, e.g. 8000 × 5000)',
  unreadable: 'The image could not be read. Please upload another file.',
  notUploadedYet: 'Nothing has been uploaded to this link yet. Upload the image first.',
  originalMissing: 'The uploaded file is no longer stored. Please upload the image again.',
  notAProductImage: 'This upload is a support attachment and cannot become a product image.',
  notAnAttachment: 'Each attachment must be an image you uploaded for a support case. Please upload it again.',
  discarded: 'This upload was not used in time and has been deleted. Please upload the image again.',
} as const;
