import { Inject, Injectable } from '@nestjs/common';
import { isPersonalDataErased } from '../../backend/src/identity/contract/identity.events';
import { PERSONAL_EVENT_TYPES } from '../../backend/src/shared/contract/personal-data';
import { describeTrafficEvent } from '../../backend/src/analytics/contract/analytics.audit';
import { TrafficEvent } from '../../backend/src/analytics/contract/traffic.events';
import { describeCatalogueEvent } from '../../backend/src/catalogue/contract/catalogue.audit';
import { CategoryEvent, ProductEvent } from '../../backend/src/catalogue/contract/catalogue.events';
import { describeFavoritesEvent } from '../../backend/src/customers/contract/favorites.audit';
import { DemoDataClaimed, describeDemoEvent } from '../../backend/src/demo/contract/demo.events';
import { FavoritesEvent } from '../../backend/src/customers/contract/favorites.events';
import { describeSupportCaseEvent } from '../../backend/src/customers/contract/support.audit';
import { SupportCaseEvent } from '../../backend/src/customers/contract/support.events';
import { describeVerificationEvent } from '../../backend/src/customers/contract/verification.audit';
import { VerificationEvent } from '../../backend/src/customers/contract/verification.events';
import { describeApiTokenEvent } from '../../backend/src/identity/contract/api-token.audit';
import { ApiTokenEvent } from '../../backend/src/identity/contract/api-tokens';
import { describeIdentityEvent } from '../../backend/src/identity/contract/identity.audit';
import { UserEvent } from '../../backend/src/identity/contract/identity.events';
import { describeStaffInvitationEvent, STAFF_INVITATION_STREAM_PREFIX, StaffInvitationEvent } from '../../backend/src/identity/contract/staff.events';
import { describeMediaEvent } from '../../backend/src/media/contract/media.audit';
import { ImageEvent, UploadEvent } from '../../backend/src/media/contract/media.events';
import { BuyerHoldEvent, describeBuyerHoldEvent } from '../../backend/src/ordering/contract/buyer-holds';
import { describeOrderingEvent } from '../../backend/src/ordering/contract/ordering.audit';
import { describePaymentEvent } from '../../backend/src/payments/contract/payments.audit';
import { PaymentEvent } from '../../backend/src/payments/contract/payment.events';
import { describeReviewEvent } from '../../backend/src/reviews/contract/reviews.audit';
import { ReviewEvent } from '../../backend/src/reviews/contract/review.events';
import { describeUniqueKeyEvent } from '../../backend/src/shared/contract/unique-key.audit';
import { UniqueKeyEvent } from '../../backend/src/shared/contract/unique-key.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { BatchWrite, Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { APPLIED_POSITION, CounterMoves, incrementOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const AUDIT_COLLECTION = 'audit_log';
/** An audit entry whose words named a person whose account has closed since. */
export const ERASED_SUMMARY = 'Personal details erased when the account closed';
/** How many entries the audit log holds, kept as they are added: the unfiltered log's total without counting. */
export const AUDIT_FIGURES_COLLECTION = 'audit_figures';
export const ALL_ENTRIES_FIGURE = 'entries';

export type AuditDocument = Document & {
  position: number;
  streamId: string;
  type: string;
  actorId: string | null;
  correlationId: string;
  occurredAt: string;
  summary: string;
};

/** Each stream kind's own words for its events. */
const DESCRIBERS: [prefix: string, describe: (event: RecordedEvent) => string][] = [
  ['product-', (event) => describeCatalogueEvent(event as unknown as ProductEvent)],
  ['category-', (event) => describeCatalogueEvent(event as unknown as CategoryEvent)],
  ['user-', (event) => describeIdentityEvent(event as unknown as UserEvent)],
  ['order-', describeOrderingEvent],
  ['referral-', describeOrderingEvent],
  ['buyer-holds-', (event) => describeBuyerHoldEvent(event as unknown as BuyerHoldEvent)],
  ['payment-', (event) => describePaymentEvent(event as unknown as PaymentEvent)],
  ['review-', (event) => describeReviewEvent(event as unknown as ReviewEvent)],
  ['sku-', (event) => describeUniqueKeyEvent(event as unknown as UniqueKeyEvent)],
  ['email-', (event) => describeUniqueKeyEvent(event as unknown as UniqueKeyEvent)],
  ['upload-', (event) => describeMediaEvent(event as unknown as UploadEvent)],
  ['image-', (event) => describeMediaEvent(event as unknown as ImageEvent)],
  ['traffic-', (event) => describeTrafficEvent(event as unknown as TrafficEvent)],
  ['support-case-', (event) => describeSupportCaseEvent(event as unknown as SupportCaseEvent)],
  ['favorites-', (event) => describeFavoritesEvent(event as unknown as FavoritesEvent)],
  ['verification-', (event) => describeVerificationEvent(event as unknown as VerificationEvent)],
  ['demo-', (event) => describeDemoEvent(event as unknown as DemoDataClaimed)],
  [STAFF_INVITATION_STREAM_PREFIX, (event) => describeStaffInvitationEvent(event as unknown as StaffInvitationEvent)],
  ['api-token-', (event) => describeApiTokenEvent(event as unknown as ApiTokenEvent)],
];

/** The log, event by event, in a person's words with who did it and when: the audit trail of the back office. */
@Injectable()
@RunsOnTheLog()
export class AuditProjector implements Projector {
  readonly name = 'audit';
  readonly collections = [AUDIT_COLLECTION, AUDIT_FIGURES_COLLECTION] as const;
  /** 2: the indexes of the paged log and its count. */
  readonly version = 2;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The log pages newest first, whole or filtered by stream, actor, event type or time, each on an index. */
  async prepare(): Promise<void> {
    const entries = this.readStore.collection<AuditDocument>(AUDIT_COLLECTION);
    await entries.createIndex({ position: 1 });
    await entries.createIndex({ streamId: 1, position: 1 });
    await entries.createIndex({ actorId: 1, position: 1 });
    await entries.createIndex({ type: 1, position: 1 });
    await entries.createIndex({ occurredAt: 1 });
  }

  /**
   * Every event but anonymous traffic: page views and funnel steps have no actor and change nothing
   * an admin audits, and a million of them would make a million audit entries. They stay in the
   * log, and the analytics read models count them.
   */
  canHandle(event: RecordedEvent): boolean {
    return !event.streamId.startsWith('traffic-');
  }

  async apply(event: RecordedEvent): Promise<void> {
    const entries = this.readStore.collection<AuditDocument>(AUDIT_COLLECTION);
    if (await entries.findOne({ _id: String(event.position) })) return;
    await incrementOnce(this.readStore.collection(AUDIT_FIGURES_COLLECTION), ALL_ENTRIES_FIGURE, event, { count: 1 });
    await insertOnce(entries, entryOf(event), event);
    // The entries that named the closed account's owner keep who did what and when, not the words that named them.
    if (isPersonalDataErased(event)) {
      await entries.updateMany(
        { streamId: { $in: event.data.streams }, type: { $in: [...PERSONAL_EVENT_TYPES] } },
        { $set: { summary: ERASED_SUMMARY } },
      );
    }
  }

  /** Every event it audits is taken in runs (an erasure, which rewords earlier entries, one at a time): a busy shop's entries cost one write each, and the count one write a run. */
  batches(event: RecordedEvent): boolean {
    return this.canHandle(event) && !isPersonalDataErased(event);
  }

  async planBatch(events: readonly RecordedEvent[]): Promise<BatchWrite[]> {
    const count = new CounterMoves();
    for (const event of events) count.add(AUDIT_FIGURES_COLLECTION, ALL_ENTRIES_FIGURE, event, { count: 1 });
    return [...count.writes(), ...events.map((event): BatchWrite => ({ kind: 'replace', collection: AUDIT_COLLECTION, document: { ...entryOf(event), [APPLIED_POSITION]: event.position } }))];
  }
}

/** An event's audit entry: who did what to which stream, and when, in a person's words. */
function entryOf(event: RecordedEvent): AuditDocument {
  const describe = DESCRIBERS.find(([prefix]) => event.streamId.startsWith(prefix))?.[1];
  return {
    _id: String(event.position),
    position: event.position,
    streamId: event.streamId,
    type: event.type,
    actorId: event.metadata.actorId,
    correlationId: event.metadata.correlationId,
    occurredAt: event.metadata.occurredAt,
    summary: describe?.(event) ?? event.type,
  };
}
