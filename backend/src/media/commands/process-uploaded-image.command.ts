import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { imagePath, PRODUCT_IMAGE_WIDTH } from '../contract/image-paths';
import { uploadStream } from '../contract/media.events';
import { UPLOAD_MESSAGES } from '../contract/upload-rules';
import { assertMayUseForImage, uploadDecider } from '../domain/upload.decider';
import { encodeVariants, sha256Of } from './image-pipeline';
import { ImagePublisher } from './image-publisher';
import { uploadObjectKey } from './receive-upload.command';

/** `PUT /api/product-images`: the uploaded original becomes the product image, answered with the path a product's imageUrl takes. */
export class ProcessUploadedImage extends Command<{ objectPath: string; position: number | null }> {
  constructor(
    readonly uploadId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A recorded process of three steps, each safe to repeat: encode and store the variants, record the
 * image, record that the upload became it. An upload already made into an image answers that image;
 * one interrupted half-way is finished by asking again (same image id, same files, nothing recorded twice).
 */
@CommandHandler(ProcessUploadedImage)
export class ProcessUploadedImageHandler implements ICommandHandler<ProcessUploadedImage> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly images: ImagePublisher,
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
  ) {}

  async execute({ uploadId, context }: ProcessUploadedImage) {
    const stream = uploadStream(uploadId);
    const { state } = await this.streams.load(stream, uploadDecider);
    if (state.imageId !== null) return { objectPath: imagePath(state.imageId, PRODUCT_IMAGE_WIDTH), position: null };
    assertMayUseForImage(state);
    const original = await this.objects.get(uploadObjectKey(uploadId));
    if (original === null) throw new NotFoundError(UPLOAD_MESSAGES.originalMissing);
    // Another instance could have stored different bytes for a racing upload to the same link: only the recorded ones become the image.
    if (sha256Of(original.bytes) !== state.received.sha256) throw new ConflictError(UPLOAD_MESSAGES.originalMissing);
    const variants = await encodeVariants(original.bytes);
    const { imageId, objectPath } = await this.images.publish(`upload:${uploadId}`, variants, { kind: 'upload', uploadId }, context);
    const { position } = await this.streams.execute(stream, uploadDecider, { kind: 'useForImage', imageId }, context);
    return { objectPath, position };
  }
}
