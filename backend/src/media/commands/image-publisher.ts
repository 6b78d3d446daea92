import { Inject, Injectable } from '@nestjs/common';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { imagePath, PRODUCT_IMAGE_WIDTH } from '../contract/image-paths';
import { ImageSource, imageStream } from '../contract/media.events';
import { imageDecider } from '../domain/image.decider';
import { EncodedVariant, sha256Of } from './image-pipeline';

export const imageObjectKey = (imageId: string, box: number) => `images/${imageId}/${box}.webp`;

/**
 * Stores an image's variants, then records it: the log never names an image whose files are not
 * stored. The id is derived from what the image was made of (`origin`) and ends in its largest
 * size, so an interrupted attempt made again writes the same files and records nothing twice.
 */
@Injectable()
export class ImagePublisher {
  constructor(
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
    private readonly streams: StreamExecutor,
  ) {}

  async publish(origin: string, variants: EncodedVariant[], source: ImageSource, context: CommandContext): Promise<{ imageId: string; objectPath: string; position: number | null }> {
    const largest = variants[variants.length - 1];
    const imageId = `${sha256Of(origin).slice(0, 24)}-${largest.width}x${largest.height}`;
    await Promise.all(variants.map((variant) => this.objects.put(imageObjectKey(imageId, variant.box), variant.bytes, 'image/webp')));
    const image = { imageId, source, variants: variants.map(({ box, width, height, bytes }) => ({ box, width, height, bytes: bytes.length })) };
    const { position } = await this.streams.execute(imageStream(imageId), imageDecider, { kind: 'record', image }, context);
    return { imageId, objectPath: imagePath(imageId, PRODUCT_IMAGE_WIDTH), position };
  }
}
