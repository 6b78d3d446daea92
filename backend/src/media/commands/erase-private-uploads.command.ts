import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PendingUploadQueries } from '../../../../projections/media/pending-upload.queries';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { IMAGE_WIDTHS } from '../contract/image-paths';
import { uploadStream } from '../contract/media.events';
import { uploadDecider } from '../domain/upload.decider';
import { attachmentObjectKey } from './attach-uploaded-image.command';
import { uploadObjectKey } from './receive-upload.command';

/**
 * A closed account's private uploads (issue 22): support attachments, verification documents and return photos, attached
 * or still waiting. Each one's files (the original and every variant) are deleted, then UploadErased is recorded; safe to
 * repeat (a deleted file is no error, an erased upload records nothing more). Answers how many were erased.
 */
export class ErasePrivateUploads extends Command<number> {
  constructor(
    readonly ownerId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ErasePrivateUploads)
export class ErasePrivateUploadsHandler implements ICommandHandler<ErasePrivateUploads> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly uploads: PendingUploadQueries,
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
  ) {}

  async execute({ ownerId, context }: ErasePrivateUploads): Promise<number> {
    const uploads = await this.uploads.privateUploadsOf(ownerId);
    for (const { uploadId, boxes } of uploads) {
      const variants = boxes.length > 0 ? boxes : IMAGE_WIDTHS;
      for (const box of variants) await this.objects.delete(attachmentObjectKey(uploadId, box));
      await this.objects.delete(uploadObjectKey(uploadId));
      await this.streams.execute(uploadStream(uploadId), uploadDecider, { kind: 'erase' }, context);
    }
    return uploads.length;
  }
}
