import { z } from 'zod';
import { UPLOAD_PURPOSES } from './upload-rules';

/** An upload link's id: 128 random bits in hex. */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;

const UPLOAD_PATH = /^\/api\/objects\/uploads\/([a-f0-9]{32})$/;

const NOT_AN_UPLOAD_URL = 'imageURL must be the uploadURL the image was uploaded to';

/** `PUT /api/product-images`: the uploadURL (or its path) the image was sent to; parsed to the upload's id. */
export const productImageInputSchema = z
  .object({
    imageURL: z
      .string({ message: 'imageURL is required' })
      .trim()
      .max(2048, NOT_AN_UPLOAD_URL)
      .refine((url) => uploadIdOf(url) !== null, NOT_AN_UPLOAD_URL),
  })
  .strict()
  .transform(({ imageURL }) => ({ uploadId: uploadIdOf(imageURL)! }));

export type ProductImageInput = z.infer<typeof productImageInputSchema>;

/** `POST /api/objects/upload`: no body asks for a product image link, as the back office always has. */
export const uploadRequestSchema = z
  .object({ purpose: z.enum(UPLOAD_PURPOSES, { message: 'purpose must be product-image or support-attachment' }).default('product-image') })
  .strict();

export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The upload id in an uploadURL (or its path), null for any other URL. */
export function uploadIdOf(url: string): string | null {
  try {
    return UPLOAD_PATH.exec(new URL(url, 'http://upload.invalid').pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}
