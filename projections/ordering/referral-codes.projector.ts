import { Inject, Injectable } from '@nestjs/common';
import { ReferralEvent } from '../../backend/src/ordering/contract/referral.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector } from '../runner/projector';

export const REFERRAL_CODES_COLLECTION = 'referral_codes';

export type ReferralCodeDocument = Document & { code: string; discountPercentage: number; active: boolean; createdAt: string };

@Injectable()
export class ReferralCodesProjector implements Projector {
  readonly name = 'referral-codes';
  readonly collections = [REFERRAL_CODES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('referral-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as ReferralEvent;
    const codes = this.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION);
    if (event.type === 'ReferralCodeCreated') {
      const { code, discountPercentage } = event.data;
      await insertOnce(codes, { _id: code, code, discountPercentage, active: true, createdAt: recorded.metadata.occurredAt }, recorded);
    } else {
      await applyOnce(codes, { _id: event.data.code }, recorded, { $set: { active: false } });
    }
  }
}
