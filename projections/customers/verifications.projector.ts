import { Inject, Injectable } from '@nestjs/common';
import { isPersonalDataErased } from '../../backend/src/identity/contract/identity.events';
import { InstitutionVerificationSubmitted, VERIFICATION_STREAM_PREFIX, VerificationEvent, VerificationStatus } from '../../backend/src/customers/contract/verification.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const VERIFICATIONS_COLLECTION = 'verifications';

/** A customer's verification as last submitted, and where it stands: one document per account (`_id` its id). */
export type VerificationDocument = Document &
  Omit<InstitutionVerificationSubmitted['data'], 'resubmission'> & {
    status: VerificationStatus;
    decidedAt: string | null;
    reason: string | null;
  };

/** Institution verifications: the customer's own status and the back office's queue. */
@Injectable()
@RunsOnTheLog()
export class VerificationsProjector implements Projector {
  readonly name = 'verifications';
  readonly collections = [VERIFICATIONS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get verifications() {
    return this.readStore.collection<VerificationDocument>(VERIFICATIONS_COLLECTION);
  }

  /** The queue pages oldest submission first, whole or by status, each on an index. */
  async prepare(): Promise<void> {
    await this.verifications.createIndex({ status: 1, submittedAt: 1, customerId: 1 });
    await this.verifications.createIndex({ submittedAt: 1, customerId: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(VERIFICATION_STREAM_PREFIX) || isPersonalDataErased(event);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    // A closed account's verification goes with it: it named the person and their workplace, and nothing ships to them any more.
    if (isPersonalDataErased(recorded)) {
      await this.verifications.deleteOne({ _id: recorded.data.userId });
      return;
    }
    const event = recorded as unknown as VerificationEvent;
    const _id = event.data.customerId;
    switch (event.type) {
      case 'InstitutionVerificationSubmitted': {
        const { resubmission: _resubmission, ...submitted } = event.data;
        const previous = await this.verifications.findOne({ _id });
        const fields = { ...submitted, status: 'submitted' as const, decidedAt: null, reason: null };
        if (previous) await applyOnce(this.verifications, { _id }, recorded, { $set: fields });
        else await insertOnce(this.verifications, { _id, ...fields }, recorded);
        break;
      }
      case 'InstitutionVerificationApproved':
        await applyOnce(this.verifications, { _id }, recorded, { $set: { status: 'approved', decidedAt: event.data.approvedAt, reason: null } });
        break;
      case 'InstitutionVerificationRejected':
        await applyOnce(this.verifications, { _id }, recorded, { $set: { status: 'rejected', decidedAt: event.data.rejectedAt, reason: event.data.reason } });
        break;
    }
  }
}
