import { Inject, Injectable } from '@nestjs/common';
import { PAYMENTS_COLLECTION, PaymentDocument, StoredPayment } from './payments.projector';
import { PaymentRecord } from '../../backend/src/payments/contract/payment.views';
import { chainSettlement, SettlementState } from '../../backend/src/payments/contract/payment-settlement';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';

/** An address a chain watcher asks about, with what the payment recorded of its quote. */
export interface WatchedPayment {
  id: number;
  paymentMethod: string;
  walletAddress: string;
  fromHeight: number | null;
}

@Injectable()
export class PaymentQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get payments() {
    return this.readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
  }

  async byId(paymentId: number, now = new Date()): Promise<PaymentRecord> {
    const doc = await this.payments.findOne({ _id: String(paymentId) });
    if (!doc) throw new NotFoundError('Payment not found');
    return toPaymentRecord(doc, now);
  }

  /** A quote for this order and method that can still be paid, so asking again does not make a second payment. */
  async openQuote(orderId: number, paymentMethod: string, now: Date): Promise<PaymentRecord | null> {
    const doc = await this.payments.findOne({ orderId, paymentMethod, status: 'pending', expiresAt: { $gt: now.toISOString() } });
    return doc ? toPaymentRecord(doc, now) : null;
  }

  /** The order's quotes still waiting for a transfer, whatever their coin. */
  async pendingForOrder(orderId: number): Promise<PaymentRecord[]> {
    const now = new Date();
    return (await this.payments.find({ orderId, status: 'pending' })).map((doc) => toPaymentRecord(doc, now));
  }

  /** Newest first; `settlement` keeps only the payments in that state (e.g. underpaid, overpaid, late). */
  async list(settlement?: SettlementState, now = new Date()): Promise<PaymentRecord[]> {
    return (await this.payments.find(settlementFilter(settlement, now.toISOString()), { sort: { createdAt: -1, id: -1 } })).map((doc) => toPaymentRecord(doc, now));
  }

  /**
   * The chain-watched payments of these methods that a watcher still asks about: until `graceMs` after the
   * quote expired and after the payment's last change, so a late transfer, a top-up or a reorganisation
   * after the confirmation is still seen.
   */
  async watched(methods: readonly string[], graceMs: number, now = new Date()): Promise<WatchedPayment[]> {
    const since = new Date(now.getTime() - graceMs).toISOString();
    const docs = await this.payments.find({
      paymentMethod: { $in: [...methods] },
      'settlement.confirmationsRequired': { $ne: null },
      $or: [{ expiresAt: { $gt: since } }, { updatedAt: { $gt: since } }],
    });
    return docs.map((doc) => ({ id: doc.id, paymentMethod: doc.paymentMethod, walletAddress: doc.walletAddress, fromHeight: doc.fromHeight ?? null }));
  }
}

function settlementFilter(state: SettlementState | undefined, now: string): Filter {
  if (state === undefined) return {};
  // `expired` is `awaiting` once the quote's time is up, for a payment still waiting.
  if (state === 'expired') return { 'settlement.state': 'awaiting', status: 'pending', expiresAt: { $lte: now } };
  if (state === 'awaiting') return { 'settlement.state': 'awaiting', $or: [{ status: { $ne: 'pending' } }, { expiresAt: { $gt: now } }] };
  return { 'settlement.state': state };
}

type AddedLater = 'confirmedAt' | 'failedAt' | 'cryptoAmountUnits' | 'addressDerivation' | 'rateSources' | 'settlement' | 'fromHeight' | 'transfers' | 'decisions';

function toPaymentRecord(doc: PaymentDocument, now: Date): PaymentRecord {
  const { _id, _position, ...view } = doc as PaymentDocument & { _position?: number };
  // Documents projected before the timeline's times, the quote's units, derivation and sources, or the chain's transfers existed lack them; a rebuild fills them in.
  const stored = view as unknown as Omit<StoredPayment, AddedLater> & Partial<Pick<StoredPayment, AddedLater>>;
  const transfers = stored.transfers ?? [];
  const settlement = stored.settlement ?? chainSettlement(stored.cryptoAmountUnits ?? null, null, stored.expiresAt, transfers);
  const expired = settlement.state === 'awaiting' && stored.status === 'pending' && stored.expiresAt <= now.toISOString();
  return {
    ...stored,
    confirmedAt: stored.confirmedAt ?? null,
    failedAt: stored.failedAt ?? null,
    cryptoAmountUnits: stored.cryptoAmountUnits ?? null,
    addressDerivation: stored.addressDerivation ?? null,
    rateSources: stored.rateSources ?? null,
    fromHeight: stored.fromHeight ?? null,
    decisions: stored.decisions ?? [],
    settlement: expired ? { ...settlement, state: 'expired' } : settlement,
    watched: settlement.confirmationsRequired !== null,
    transfers: transfers.map((transfer) => ({ ...transfer, late: transfer.seenAt > stored.expiresAt })),
  };
}
