import { uploadIdOf } from '../../../../../backend/src/media/contract/media-input';
import { MAX_UPLOAD_BYTES } from '../../../../../backend/src/media/contract/upload-rules';
import { ApiError, apiRequest } from '../../../api/client';

/** An image picked for a case, a return or a verification: shown from the browser's memory until it is uploaded. */
export interface PickedImage {
  key: string;
  file: File;
  previewUrl: string;
}

/** Spec §5: images only (others are silently dropped), at most 10 MB each as the hint says; the server checks both again. */
export function acceptedImages(files: File[]): { images: File[]; tooLarge: File[] } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  return { images: images.filter((file) => file.size <= MAX_UPLOAD_BYTES), tooLarge: images.filter((file) => file.size > MAX_UPLOAD_BYTES) };
}

/** A signed link for a private image (a support attachment, a return's photo, a verification document), the bytes PUT to it, and the upload's id. */
export async function uploadPrivateImage(file: File): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>('POST', '/api/objects/upload', { purpose: 'support-attachment' });
  const attachmentId = uploadIdOf(uploadURL);
  if (!attachmentId) throw new Error('The server gave no upload URL');
  const response = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    let message = `${file.name} could not be uploaded`;
    try {
      message = `${file.name}: ${(JSON.parse(body) as { message: string }).message}`;
    } catch {
      // No JSON reason: the general one above.
    }
    throw new ApiError(response.status, message, body);
  }
  return attachmentId;
}

/** One at a time, in the order picked: the case (or a return) shows them in that order. Private: only the uploader and staff see them. */
export async function uploadPrivateImages(images: PickedImage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const image of images) ids.push(await uploadPrivateImage(image.file));
  return ids;
}
