import { DomainEvent } from '../../shared/contract/domain-event';
import { AcceptedImageType, UploadPurpose } from './upload-rules';

/**
 * A signed upload link handed to someone signed in; the link itself (its signature) never enters the log.
 * `purpose` is absent in links issued before support attachments existed: those were product images.
 */
export type UploadUrlIssued = DomainEvent<'UploadUrlIssued', { uploadId: string; issuedTo: string; expiresAt: string; purpose?: UploadPurpose }>;
/** The bytes sent to the link, as their content says they are; the original is kept under `uploads/<uploadId>`. */
export type UploadReceived = DomainEvent<'UploadReceived', { uploadId: string; bytes: number; contentType: AcceptedImageType; width: number; height: number; sha256: string }>;
/** The upload became this image: asking again answers the same image. */
export type UploadUsedForImage = DomainEvent<'UploadUsedForImage', { uploadId: string; imageId: string }>;

/** The upload became a private attachment of the person it was issued to: variants stored under `attachments/<uploadId>/<box>.webp`. */
export type UploadAttached = DomainEvent<'UploadAttached', { uploadId: string; attachedBy: string; variants: ImageVariantRecord[] }>;

/**
 * Neither made into an image nor attached by the time its link expired and a grace passed: whatever
 * arrived (nothing, if the link was never used or a crash came between the file and its record) was
 * deleted. The upload takes nothing more.
 */
export type UploadDiscarded = DomainEvent<'UploadDiscarded', { uploadId: string; hadFile: boolean }>;

/**
 * A private upload (a support attachment, a verification document, a return photo) whose owner closed the account
 * (issue 22): the original and its variants were deleted. The upload takes nothing more.
 */
export type UploadErased = DomainEvent<'UploadErased', { uploadId: string }>;

export type UploadEvent = UploadUrlIssued | UploadReceived | UploadUsedForImage | UploadAttached | UploadDiscarded | UploadErased;

export interface ImageVariantRecord {
  /** The square the variant was fitted into (320, 640, 1280). */
  box: number;
  width: number;
  height: number;
  bytes: number;
}

/** Where an image came from: an administrator's upload, or a picture the shop drew itself (the demo catalogue's labels). */
export type ImageSource = { kind: 'upload'; uploadId: string } | { kind: 'generated'; description: string };

/** Re-encoded (turned upright, metadata stripped) into WebP variants, each stored under `images/<imageId>/<box>.webp`. */
export type ImageProcessed = DomainEvent<'ImageProcessed', { imageId: string; source: ImageSource; variants: ImageVariantRecord[] }>;

export type ImageEvent = ImageProcessed;

export const uploadStream = (uploadId: string) => `upload-${uploadId}`;
export const imageStream = (imageId: string) => `image-${imageId}`;
