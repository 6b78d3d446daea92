import { Inject, Injectable } from '@nestjs/common';
import { upcastOrderEvent } from '../../backend/src/ordering/contract/order.events';
import { normaliseReferralCode, ReferralEvent } from '../../backend/src/ordering/contract/referral.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const REFERRAL_CODES_COLLECTION = 'referral_codes';

/** `uses`: placed orders that applied the code. */
export type ReferralCodeDocument = Document & { code: string; discountPercentage: number; active: boolean; uses: number; createdAt: string };

@Injectable()
@RunsOnTheLog()
export class ReferralCodesProjector implements Projector {
  readonly name = 'referral-codes';
  readonly collections = [REFERRAL_CODES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('referral-') || (event.streamId.startsWith('order-') && event.type === 'OrderPlaced');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const codes = this.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION);
    if (recorded.streamId.startsWith('order-')) {
      const placed = upcastOrderEvent(recorded);
      if (placed.type === 'OrderPlaced' && placed.data.referralCode) {
        await applyOnce(codes, { _id: normaliseReferralCode(placed.data.referralCode) }, recorded, { $inc: { uses: 1 } });
      }
      return;
    }
    const event = recorded as unknown as ReferralEvent;
    if (event.type === 'ReferralCodeCreated') {
      const { code, discountPercentage } = event.data;
      await insertOnce(codes, { _id: code, code, discountPercentage, active: true, uses: 0, createdAt: recorded.metadata.occurredAt }, recorded);
    } else {
      await applyOnce(codes, { _id: event.data.code }, recorded, { $set: { active: false } });
    }
  }
}
