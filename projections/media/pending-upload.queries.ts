import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PENDING_UPLOADS_COLLECTION, PendingUploadDocument, UPLOAD_USAGE_COLLECTION, UploadUsageDocument } from './pending-uploads.projector';

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
}
