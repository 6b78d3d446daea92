import { Inject } from '@nestjs/common';
import { PendingUploadQueries } from '../../../../projections/media/pending-upload.queries';
import { APP_CONFIG, AppConfig } from '../../config';
import { ConflictError } from '../../shared/errors';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { uploadStream } from '../contract/media.events';
import { overQuotaMessage } from '../contract/upload-rules';
import { assertMayReceive, uploadDecider } from '../domain/upload.decider';
import { decodeUpload } from './image-pipeline';

export const uploadObjectKey = (uploadId: string) => `uploads/${uploadId}`;

/** The bytes sent to a signed upload link (whose signature the controller has checked). */
export class ReceiveUpload extends Command<{ position: number | null }> {
  constructor(
    readonly uploadId: string,
    readonly bytes: Buffer,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Refuses before storing anything: an unknown, used or expired link, and bytes that are not an
 * image or do not decode in full. Then the original, encoded again (decodeUpload), is stored and its arrival recorded; the decider checks the link again
 * at the append. Two uploads to one link in this process take turns, so the second finds the link used.
 */
@CommandHandler(ReceiveUpload)
export class ReceiveUploadHandler implements ICommandHandler<ReceiveUpload> {
  private readonly turns = new KeyedQueue();

  constructor(
    private readonly streams: StreamExecutor,
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
    private readonly uploads: PendingUploadQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uploadId, bytes, context }: ReceiveUpload) {
    return this.turns.run(uploadId, async () => {
      const stream = uploadStream(uploadId);
      const { state } = await this.streams.load(stream, uploadDecider);
      const at = new Date().toISOString();
      assertMayReceive(state, at);
      const { file, stored } = await decodeUpload(bytes);
      // Each account keeps so much in support attachments (ATTACHMENT_QUOTA_MB); administrators' product images are not counted.
      if (state.purpose === 'support-attachment') {
        const used = await this.uploads.attachmentBytesOf(state.issuedTo);
        if (used + file.bytes > this.config.attachmentQuotaMb * 1024 * 1024) throw new ConflictError(overQuotaMessage(used, this.config.attachmentQuotaMb));
      }
      await this.objects.put(uploadObjectKey(uploadId), stored, file.contentType);
      // The link was its holder's authority: the upload is theirs, whoever's connection carried it.
      const { position } = await this.streams.execute(stream, uploadDecider, { kind: 'receive', at, file }, { ...context, actorId: state.issuedTo });
      return { position };
    });
  }
}
