import { Inject, Injectable } from '@nestjs/common';
import { UploadEvent } from '../../backend/src/media/contract/media.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, incrementOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const PENDING_UPLOADS_COLLECTION = 'pending_uploads';
export const UPLOAD_USAGE_COLLECTION = 'upload_usage';
/** Private attachments by owner: what closing the account deletes (issue 22). */
export const ATTACHED_UPLOADS_COLLECTION = 'attached_uploads';

export type AttachedUploadDocument = Document & { owner: string; boxes: number[] };

/** An upload link issued and not yet made into an image, attached or discarded. */
export type PendingUploadDocument = Document & { expiresAt: string; issuedTo: string; purpose: string; bytes: number };

/** The stored support attachments of one account (waiting to be attached, or attached): what its quota counts. */
export type UploadUsageDocument = Document & { attachmentBytes: number };

/**
 * The uploads still waiting to be used, by when their link expires: what the upload sweep deletes
 * once they are past it and a grace. Every issued link is here until its end, so a file a crash left
 * without its UploadReceived (kill -9 between storing and recording) is found too. Beside it, the
 * bytes of support attachments each account keeps, for its quota.
 */
@Injectable()
@RunsOnTheLog()
export class PendingUploadsProjector implements Projector {
  readonly name = 'pending-uploads';
  readonly collections = [PENDING_UPLOADS_COLLECTION, UPLOAD_USAGE_COLLECTION, ATTACHED_UPLOADS_COLLECTION] as const;
  /** 2: attachments by owner. */
  readonly version = 2;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get pending() {
    return this.readStore.collection<PendingUploadDocument>(PENDING_UPLOADS_COLLECTION);
  }

  private get usage() {
    return this.readStore.collection<UploadUsageDocument>(UPLOAD_USAGE_COLLECTION);
  }

  private get attached() {
    return this.readStore.collection<AttachedUploadDocument>(ATTACHED_UPLOADS_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.pending.createIndex({ expiresAt: 1 });
    await this.pending.createIndex({ issuedTo: 1 });
    await this.attached.createIndex({ owner: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('upload-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as UploadEvent;
    const _id = event.data.uploadId;
    switch (event.type) {
      case 'UploadUrlIssued':
        return insertOnce(this.pending, { _id, expiresAt: event.data.expiresAt, issuedTo: event.data.issuedTo, purpose: event.data.purpose ?? 'product-image', bytes: 0 }, recorded);
      case 'UploadReceived': {
        const upload = await this.pending.findOne({ _id });
        if (!upload) return;
        // The counter first: an event replayed after a crash in between moves it no more (incrementOnce).
        if (upload.purpose === 'support-attachment') await incrementOnce(this.usage, upload.issuedTo, recorded, { attachmentBytes: event.data.bytes });
        await applyOnce(this.pending, { _id }, recorded, { $set: { bytes: event.data.bytes } });
        return;
      }
      case 'UploadDiscarded': {
        // What the sweep deleted no longer counts against its owner.
        const upload = await this.pending.findOne({ _id });
        if (upload?.purpose === 'support-attachment' && upload.bytes > 0) await incrementOnce(this.usage, upload.issuedTo, recorded, { attachmentBytes: -upload.bytes });
        await this.pending.deleteOne({ _id });
        return;
      }
      case 'UploadUsedForImage':
        await this.pending.deleteOne({ _id });
        return;
      case 'UploadAttached':
        await insertOnce(this.attached, { _id, owner: event.data.attachedBy, boxes: event.data.variants.map((variant) => variant.box) }, recorded);
        await this.pending.deleteOne({ _id });
        return;
      case 'UploadErased': {
        const upload = (await this.pending.findOne({ _id })) ?? null;
        const owner = upload?.issuedTo ?? (await this.attached.findOne({ _id }))?.owner ?? null;
        // Its owner's account is closed: nothing of it is counted or kept.
        if (owner !== null) await this.usage.deleteOne({ _id: owner });
        await this.pending.deleteOne({ _id });
        await this.attached.deleteOne({ _id });
        return;
      }
    }
  }
}
