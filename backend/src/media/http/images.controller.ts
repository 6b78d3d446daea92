import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NotFoundError } from '../../shared/errors';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { sha256Of } from '../commands/image-pipeline';
import { imageObjectKey } from '../commands/image-publisher';
import { IMAGE_ID, IMAGE_WIDTHS } from '../contract/image-paths';

const VARIANT_FILE = /^(\d{3,4})\.webp$/;

/**
 * Product images for everyone, straight from the object store. Only the `images/` variants the
 * shop encoded itself are ever served (never an uploaded original), and an image never changes
 * under its path, so browsers and CDNs keep it for a year.
 */
@Controller('objects/images')
export class ImagesController {
  constructor(@Inject(OBJECT_STORE) private readonly objects: ObjectStore) {}

  @Get(':imageId/:file')
  async variant(@Param('imageId') imageId: string, @Param('file') file: string, @Res() response: Response): Promise<void> {
    const box = Number(VARIANT_FILE.exec(file)?.[1]);
    if (!IMAGE_ID.test(imageId) || !IMAGE_WIDTHS.some((width) => width === box)) throw new NotFoundError('Image not found');
    const stored = await this.objects.get(imageObjectKey(imageId, box));
    if (stored === null) throw new NotFoundError('Image not found');
    response.setHeader('Content-Type', 'image/webp');
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('ETag', `"${sha256Of(stored.bytes).slice(0, 32)}"`);
    // Express answers 304 when the browser's If-None-Match is this ETag.
    response.send(stored.bytes);
  }
}
