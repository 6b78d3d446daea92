import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { ATTACHED_UPLOADS_COLLECTION, AttachedUploadDocument, PENDING_UPLOADS_COLLECTION, PendingUploadDocument, UPLOAD_USAGE_COLLECTION, UploadUsageDocument } from './pending-uploads.projector';

@Injectable()
export class PendingUploadQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** Up to `limit` uploads whose link expired before `before`, oldest first. */
  async expiredBefore(before: Date, limit: number): Promise<string[]> {
    const found = await this.readStore
      .collection<PendingUploadDocument>(PENDING_UPLOADS_COLLECTION)
      .find({ expiresAt: { $lt: before.toISOString() } }, { sort: { expiresAt: 1 }, limit });
    return found.map((upload) => upload._id);
  }

  /** The bytes of support attachments an account keeps (waiting to be attached, or attached). */
  async attachmentBytesOf(userId: string): Promise<number> {
    return (await this.readStore.collection<UploadUsageDocument>(UPLOAD_USAGE_COLLECTION).findOne({ _id: userId }))?.attachmentBytes ?? 0;
  }

  /** Every private upload of an account, attached or still waiting, with the variant sizes stored of each. */
  async privateUploadsOf(owner: string): Promise<Array<{ uploadId: string; boxes: number[] }>> {
    const attached = await this.readStore.collection<AttachedUploadDocument>(ATTACHED_UPLOADS_COLLECTION).find({ owner });
    const waiting = await this.readStore.collection<PendingUploadDocument>(PENDING_UPLOADS_COLLECTION).find({ issuedTo: owner, purpose: 'support-attachment' });
    return [...attached.map((upload) => ({ uploadId: upload._id, boxes: upload.boxes })), ...waiting.map((upload) => ({ uploadId: upload._id, boxes: [] }))];
  }
}
