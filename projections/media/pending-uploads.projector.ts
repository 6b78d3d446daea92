import { Inject, Injectable } from '@nestjs/common';
import { UploadEvent } from '../../backend/src/media/contract/media.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const PENDING_UPLOADS_COLLECTION = 'pending_uploads';

/** An upload link issued and not yet made into an image, attached or discarded. */
export type PendingUploadDocument = Document & { expiresAt: string };

/**
 * The uploads still waiting to be used, by when their link expires: what the upload sweep deletes
 * once they are past it and a grace. Every issued link is here until its end, so a file a crash left
 * without its UploadReceived (kill -9 between storing and recording) is found too.
 */
@Injectable()
@RunsOnTheLog()
export class PendingUploadsProjector implements Projector {
  readonly name = 'pending-uploads';
  readonly collections = [PENDING_UPLOADS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get pending() {
    return this.readStore.collection<PendingUploadDocument>(PENDING_UPLOADS_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.pending.createIndex({ expiresAt: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('upload-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as UploadEvent;
    switch (event.type) {
      case 'UploadUrlIssued':
        return insertOnce(this.pending, { _id: event.data.uploadId, expiresAt: event.data.expiresAt }, recorded);
      case 'UploadUsedForImage':
      case 'UploadAttached':
      case 'UploadDiscarded':
        await this.pending.deleteOne({ _id: event.data.uploadId });
        return;
      case 'UploadReceived':
        return;
    }
  }
}
