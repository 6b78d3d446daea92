import { Inject, Injectable } from '@nestjs/common';
import { ALL_PAYMENTS_FIGURE, PAYMENT_FIGURES_COLLECTION, PAYMENTS_COLLECTION, PaymentDocument, StoredPayment } from './payments.projector';
import { PaymentFilter } from '../../backend/src/payments/contract/payment-input';
import { Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { findPage, mapPage } from '../runner/paging';
import { PaymentRecord } from '../../backend/src/payments/contract/payment.views';
import { chainSettlement, SettlementState } from '../../backend/src/payments/contract/payment-settlement';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Document, Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';

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

  /** A page of the Payments tab, newest first, filtered on the server (counted through the indexes). */
  async page(filter: PaymentFilter, query: PageQuery, now = new Date()): Promise<Page<PaymentRecord>> {
    const unfiltered = !filter.settlement && !filter.method && !filter.search?.trim();
    const total = unfiltered ? ((await this.readStore.collection<Document & { count?: number }>(PAYMENT_FIGURES_COLLECTION).findOne({ _id: ALL_PAYMENTS_FIGURE }))?.count ?? 0) : undefined;
    return mapPage(await findPage(this.payments, paymentFilter(filter, now), NEWEST_FIRST, query, total), (doc) => toPaymentRecord(doc, now));
  }

  /**
   * Every payment the filters keep, newest first, a batch at a time (for the CSV export): each batch
   * continues after the last one's final payment on the sort's index, so an export of any size reads
   * each payment once and holds one batch in memory.
   */
  async *all(filter: PaymentFilter, batchSize: number, now = new Date()): AsyncGenerator<PaymentRecord[]> {
    const base = paymentFilter(filter, now);
    let last: PaymentDocument | null = null;
    for (;;) {
      const after: Filter = last === null ? base : { $and: [base, { $or: [{ createdAt: { $lt: last.createdAt } }, { createdAt: last.createdAt, id: { $lt: last.id } }] }] };
      const batch = await this.payments.find(after, { sort: NEWEST_FIRST, limit: batchSize });
      if (batch.length === 0) return;
      yield batch.map((doc) => toPaymentRecord(doc, now));
      if (batch.length < batchSize) return;
      last = batch[batch.length - 1];
    }
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

const NEWEST_FIRST = { createdAt: -1, id: -1 } as const;

/** The Payments tab's filters as a query: a number searches the payment and order ids and the transaction, anything else the transaction. */
function paymentFilter({ settlement, method, search }: PaymentFilter, now: Date): Filter {
  const parts: Filter[] = [settlementFilter(settlement, now.toISOString())];
  if (method) parts.push({ paymentMethod: method });
  const term = search?.trim().replace(/^#/, '');
  if (term) {
    const text = { $text: { $search: term } };
    parts.push(/^\d{1,9}$/.test(term) ? { $or: [{ id: Number(term) }, { orderId: Number(term) }, text] } : text);
  }
  const used = parts.filter((part) => Object.keys(part).length > 0);
  return used.length === 0 ? {} : used.length === 1 ? used[0] : { $and: used };
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
