/**
 * Where the storefront finds a product image. Every image is kept as WebP at these widths (fitted
 * inside a square of that size, never enlarged); a product's imageUrl names the 640 one. The image
 * id ends in the size of its largest variant (`…-1280x960`), so a page can reserve the image's box
 * and describe each variant's real width before any byte of it has loaded.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The variant a product's imageUrl names: sharp enough for a card, light enough for a list. */
export const PRODUCT_IMAGE_WIDTH: ImageWidth = 640;

export const IMAGE_ID = /^[a-f0-9]{24}-([1-9]\d{0,4})x([1-9]\d{0,4})$/;
const IMAGE_PATH = /^\/objects\/images\/([a-f0-9]{24}-[1-9]\d{0,4}x[1-9]\d{0,4})\/(\d+)\.webp$/;

export function imagePath(imageId: string, width: ImageWidth): string {
  return `/objects/images/${imageId}/${width}.webp`;
}

export interface ImageVariantSize {
  path: string;
  width: number;
  height: number;
}

/** The pixel size of each stored variant of the image (the largest one measured, the others scaled down from it). */
export function variantSizes(imageId: string): ImageVariantSize[] | null {
  const match = IMAGE_ID.exec(imageId);
  if (!match) return null;
  const [largestWidth, largestHeight] = [Number(match[1]), Number(match[2])];
  const longest = Math.max(largestWidth, largestHeight);
  return IMAGE_WIDTHS.map((box) => {
    const scale = Math.min(1, box / longest);
    return { path: imagePath(imageId, box), width: Math.max(1, Math.round(largestWidth * scale)), height: Math.max(1, Math.round(largestHeight * scale)) };
  });
}

/** An image path of this shop (`/objects/images/<id>/<width>.webp`) as its id and the variant it names; null for any other URL. */
export function parseImagePath(url: string): { imageId: string; width: ImageWidth } | null {
  const match = IMAGE_PATH.exec(url);
  if (!match) return null;
  const width = Number(match[2]) as ImageWidth;
  return IMAGE_WIDTHS.includes(width) ? { imageId: match[1], width } : null;
}
