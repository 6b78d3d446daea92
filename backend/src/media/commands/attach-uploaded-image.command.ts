import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { IMAGE_WIDTHS } from '../contract/image-paths';
import { uploadStream } from '../contract/media.events';
import { UPLOAD_ID } from '../contract/media-input';
import { UPLOAD_MESSAGES } from '../contract/upload-rules';
import { assertMayAttach, uploadDecider } from '../domain/upload.decider';
import { encodeVariants, sha256Of } from './image-pipeline';
import { uploadObjectKey } from './receive-upload.command';

export const attachmentObjectKey = (uploadId: string, box: number) => `attachments/${uploadId}/${box}.webp`;

/**
 * A support-attachment upload becomes its uploader's private image: re-encoded by the same pipeline
 * as product images (upright, metadata stripped, WebP), but stored outside `images/`, which is
 * public. Who may see it is the business of whoever attached it (the support case), so it is served
 * only through `AttachedImageFile`. Safe to repeat: the same files, nothing recorded twice.
 */
export class AttachUploadedImage extends Command<{ attachmentId: string }> {
  constructor(
    readonly uploadId: string,
    readonly attachedBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AttachUploadedImage)
export class AttachUploadedImageHandler implements ICommandHandler<AttachUploadedImage> {
  constructor(
    private readonly streams: StreamExecutor,
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
  ) {}

  async execute({ uploadId, attachedBy, context }: AttachUploadedImage) {
    const stream = uploadStream(uploadId);
    const { state } = await this.streams.load(stream, uploadDecider);
    assertMayAttach(state, attachedBy);
    if (state.attachedBy === attachedBy) return { attachmentId: uploadId };
    const original = await this.objects.get(uploadObjectKey(uploadId));
    if (original === null) throw new NotFoundError(UPLOAD_MESSAGES.originalMissing);
    if (sha256Of(original.bytes) !== state.received.sha256) throw new ConflictError(UPLOAD_MESSAGES.originalMissing);
    const variants = await encodeVariants(original.bytes);
    await Promise.all(variants.map((variant) => this.objects.put(attachmentObjectKey(uploadId, variant.box), variant.bytes, 'image/webp')));
    const records = variants.map(({ box, width, height, bytes }) => ({ box, width, height, bytes: bytes.length }));
    await this.streams.execute(stream, uploadDecider, { kind: 'attach', attachedBy, variants: records }, context);
    return { attachmentId: uploadId };
  }
}

/**
 * Several uploads attached in the order given (a support message's images, a return's photos), one at a time:
 * each is a re-encoding, and five at once from every customer would crowd out everyone else. Done before the
 * message or request that names them is recorded, so the log never names an attachment whose files are not stored.
 */
export class AttachUploadedImages extends Command<{ attachmentIds: string[] }> {
  constructor(
    readonly uploadIds: string[],
    readonly attachedBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AttachUploadedImages)
export class AttachUploadedImagesHandler implements ICommandHandler<AttachUploadedImages> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ uploadIds, attachedBy, context }: AttachUploadedImages) {
    const attachmentIds: string[] = [];
    for (const uploadId of uploadIds) attachmentIds.push((await this.commands.execute(new AttachUploadedImage(uploadId, attachedBy, context))).attachmentId);
    return { attachmentIds };
  }
}

/** The WebP bytes of an attached image at one of IMAGE_WIDTHS; the caller has decided the viewer may see it. */
export class AttachedImageFile extends Query<{ bytes: Buffer }> {
  constructor(
    readonly attachmentId: string,
    readonly width: number,
  ) {
    super();
  }
}

@QueryHandler(AttachedImageFile)
export class AttachedImageFileHandler implements IQueryHandler<AttachedImageFile> {
  constructor(@Inject(OBJECT_STORE) private readonly objects: ObjectStore) {}

  async execute({ attachmentId, width }: AttachedImageFile) {
    const stored = IMAGE_WIDTHS.some((box) => box === width) && UPLOAD_ID.test(attachmentId) ? await this.objects.get(attachmentObjectKey(attachmentId, width)) : null;
    if (stored === null) throw new NotFoundError('Image not found');
    return { bytes: stored.bytes };
  }
}
