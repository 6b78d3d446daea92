import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { InvalidInputError } from '../../shared/errors';
import { IMAGE_WIDTHS, ImageWidth } from '../contract/image-paths';
import { ReceivedFile } from '../domain/upload.decider';
import { AcceptedImageType, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '../contract/upload-rules';

const TYPE_OF_FORMAT: Partial<Record<string, AcceptedImageType>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * What the bytes are, read from their content (sharp reads the header): a PNG, JPEG, WebP, GIF or
 * AVIF of a sane number of pixels, or a 400. A text file named .png, an SVG (it may carry scripts),
 * a TIFF or HEIC are refused, whatever the browser said they were.
 */
async function identify(bytes: Buffer): Promise<{ contentType: AcceptedImageType }> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new InvalidInputError(UPLOAD_MESSAGES.notAnImage);
  }
  const contentType = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'image/avif' : undefined) : TYPE_OF_FORMAT[metadata.format];
  if (contentType === undefined || !(metadata.width > 0) || !(metadata.height > 0)) throw new InvalidInputError(UPLOAD_MESSAGES.notAnImage);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new InvalidInputError(UPLOAD_MESSAGES.tooManyPixels);
  return { contentType };
}

/**
 * How the stored original is encoded again: JPEG, PNG and WebP in their own format; a GIF (its first
 * frame) as PNG and an AVIF as WebP, since encoding those two costs seconds of CPU per image (an AVIF
 * of 12 megapixels took 13 s here, the WebP 2.6 s, the JPEG 0.3 s).
 */
const STORED_AS: Record<AcceptedImageType, { type: AcceptedImageType; encode: (image: sharp.Sharp) => sharp.Sharp }> = {
  'image/png': { type: 'image/png', encode: (image) => image.png({ compressionLevel: 6 }) },
  'image/jpeg': { type: 'image/jpeg', encode: (image) => image.jpeg({ quality: 90 }) },
  'image/webp': { type: 'image/webp', encode: (image) => image.webp({ quality: 90 }) },
  'image/gif': { type: 'image/png', encode: (image) => image.png({ compressionLevel: 6 }) },
  'image/avif': { type: 'image/webp', encode: (image) => image.webp({ quality: 90 }) },
};

/** No variant is wider than 1280 px: the original is kept at twice that at most, which bounds its size and the cost of every later step. */
export const STORED_ORIGINAL_BOX = 2 * Math.max(...IMAGE_WIDTHS);

/**
 * An upload as the shop keeps it: identified by its content, decoded in full (a truncated or damaged
 * image is refused, not stored), turned upright as its EXIF says, fitted inside STORED_ORIGINAL_BOX
 * without enlarging, and encoded again without metadata (STORED_AS). What is stored is that encoding,
 * never the bytes as they came: whatever rode along after the image (ten megabytes of zeros behind a
 * valid PNG) is not kept, nor EXIF, GPS or comments. The file facts describe the stored original,
 * whose digest the later steps check.
 */
export async function decodeUpload(bytes: Buffer): Promise<{ file: ReceivedFile; stored: Buffer }> {
  const { contentType } = await identify(bytes);
  const storedAs = STORED_AS[contentType];
  let encoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    const upright = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: STORED_ORIGINAL_BOX, height: STORED_ORIGINAL_BOX, fit: 'inside', withoutEnlargement: true });
    encoded = await storedAs.encode(upright).toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidInputError(UPLOAD_MESSAGES.unreadable);
  }
  const { data, info } = encoded;
  return { file: { bytes: data.length, contentType: storedAs.type, width: info.width, height: info.height, sha256: sha256Of(data) }, stored: data };
}

/** Measured here: files within a few percent of the default effort (4), in a third of the time; the demo catalogue encodes 29 images at every start on an empty store. */
const WEBP_EFFORT = 2;

export interface EncodedVariant {
  /** The square it was fitted into. */
  box: ImageWidth;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * The one way an image becomes what the storefront shows: turned upright as its EXIF says, fitted
 * inside each square of IMAGE_WIDTHS without ever being enlarged, and encoded as WebP without
 * metadata (sharp drops EXIF, GPS and comments unless asked to keep them). Only the first frame of
 * an animation is kept. A square the image already fits in gets the bytes of the one below it
 * instead of a second, identical encoding. Smallest first.
 */
export async function encodeVariants(original: Buffer): Promise<EncodedVariant[]> {
  try {
    const upright = sharp(original, { autoOrient: true, limitInputPixels: MAX_IMAGE_PIXELS });
    const { width, height } = (await upright.metadata()).autoOrient;
    const longest = Math.max(width, height);
    const encodings = new Map<number, Promise<{ data: Buffer; info: sharp.OutputInfo }>>();
    const variants = IMAGE_WIDTHS.map(async (box) => {
      const fitted = Math.min(box, longest);
      let encoding = encodings.get(fitted);
      if (encoding === undefined) {
        encoding = upright.clone().resize({ width: fitted, height: fitted, fit: 'inside' }).webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer({ resolveWithObject: true });
        encodings.set(fitted, encoding);
      }
      const { data, info } = await encoding;
      return { box, width: info.width, height: info.height, bytes: data };
    });
    return await Promise.all(variants);
  } catch {
    throw new InvalidInputError(UPLOAD_MESSAGES.unreadable);
  }
}

export function sha256Of(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
