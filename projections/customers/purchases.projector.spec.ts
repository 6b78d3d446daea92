import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { CatalogueQueries } from '../catalogue/catalogue.queries';
import { CustomerQueries } from './customer.queries';
import { PRODUCT_PURCHASES_COLLECTION, ProductPurchasesDocument, PurchasesProjector } from './purchases.projector';

type Line = [productId: number, quantity: number];

describe('PurchasesProjector', () => {
  let readStore: SqliteReadStore;
  let projector: PurchasesProjector;
  let position: number;

  beforeEach(async () => {
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
    projector = new PurchasesProjector(readStore);
    await projector.prepare();
    position = 0;
  });
  afterEach(async () => {
    await readStore.close();
  });

  const recorded = (orderId: number, type: string, data: Record<string, unknown>, version = 1, day = '2026-03-08'): RecordedEvent => {
    position += 1;
    return { id: `event-${position}`, streamId: `order-${orderId}`, revision: 0, position, type, version, data: { orderId, ...data }, metadata: { correlationId: 'c', causationId: null, actorId: null, occurredAt: `${day}T10:00:00.000Z` } };
  };
  const placed = (orderId: number, customerId: string | null, lines: Line[], day?: string) =>
    recorded(orderId, 'OrderPlaced', { customerId, lines: lines.map(([productId, quantity]) => ({ productId, name: `Product ${productId}`, sku: `SKU-${productId}`, quantity, unitPrice: '10.00', lineTotal: '10.00' })), status: 'pending', paymentStatus: 'pending' }, 2, day);
  const cancelled = (orderId: number) => recorded(orderId, 'OrderCancelled', { from: 'pending', reason: 'Cancelled by an administrator' });
  const expired = (orderId: number) => recorded(orderId, 'OrderExpired', { paymentDueBy: '2026-03-08T11:00:00.000Z', reason: 'Not paid in time' });

  const applyAll = async (events: RecordedEvent[]) => {
    for (const event of events) if (projector.canHandle(event)) await projector.apply(event);
  };
  const sales = async () =>
    Object.fromEntries((await readStore.collection<ProductPurchasesDocument>(PRODUCT_PURCHASES_COLLECTION).find({}, { sort: { productId: 1 } })).map((doc) => [doc.productId, { unitsSold: doc.unitsSold, boughtWith: doc.boughtWith }]));
  const history = (customerId: string) => new CustomerQueries(readStore, new CatalogueQueries(readStore)).orderHistory(customerId);

  it('counts units sold and how often products were bought together, by customers and guests alike', async () => {
    await applyAll([placed(1, 'ada', [[1, 2], [2, 1]]), placed(2, null, [[1, 1], [2, 3], [3, 1]])]);
    expect(await sales()).toEqual({
      1: { unitsSold: 3, boughtWith: { 2: 2, 3: 1 } },
      2: { unitsSold: 4, boughtWith: { 1: 2, 3: 1 } },
      3: { unitsSold: 1, boughtWith: { 1: 1, 2: 1 } },
    });
  });

  it('takes a cancelled or expired order back out of the counts, once', async () => {
    const events = [placed(1, 'ada', [[1, 2], [2, 1]]), placed(2, null, [[1, 1], [3, 1]]), cancelled(2), expired(1)];
    await applyAll(events);
    await projector.apply(events[2]);
    expect(await sales()).toEqual({ 1: { unitsSold: 0, boughtWith: {} }, 2: { unitsSold: 0, boughtWith: {} }, 3: { unitsSold: 0, boughtWith: {} } });
  });

  it('keeps each customer\'s history: quantities summed over orders that count, the latest order\'s date and quantity', async () => {
    await applyAll([
      placed(1, 'ada', [[1, 2], [2, 1]], '2026-03-01'),
      placed(2, 'ada', [[1, 5]], '2026-03-05'),
      placed(3, 'ada', [[3, 4]], '2026-03-07'),
      placed(4, 'bob', [[2, 9]], '2026-03-08'),
      cancelled(3),
    ]);
    expect(await history('ada')).toEqual([
      { productId: 1, name: 'Product 1', quantity: 7, lastQuantity: 5, lastOrderDate: '2026-03-05T10:00:00.000Z' },
      { productId: 2, name: 'Product 2', quantity: 1, lastQuantity: 1, lastOrderDate: '2026-03-01T10:00:00.000Z' },
    ]);
    expect(await history('bob')).toEqual([{ productId: 2, name: 'Product 2', quantity: 9, lastQuantity: 9, lastOrderDate: '2026-03-08T10:00:00.000Z' }]);
  });

  it('counts a guest order in the history of the customer who claimed it', async () => {
    await applyAll([placed(1, null, [[4, 2]]), recorded(1, 'OrderClaimedByCustomer', { customerId: 'ada', proof: 'account-email' })]);
    expect((await history('ada')).map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([{ productId: 4, quantity: 2 }]);
  });

  it('changes nothing when an event is applied again after a crash', async () => {
    const events = [placed(1, 'ada', [[1, 2], [2, 1]]), placed(2, 'bob', [[1, 1], [2, 1]]), cancelled(1)];
    await applyAll(events);
    const once = await sales();
    await applyAll(events);
    expect(await sales()).toEqual(once);
    expect(once).toEqual({ 1: { unitsSold: 1, boughtWith: { 2: 1 } }, 2: { unitsSold: 1, boughtWith: { 1: 1 } } });
  });

  it('leaves other order events to other read models', () => {
    expect(projector.canHandle(recorded(1, 'OrderShipped', {}))).toBe(false);
    expect(projector.canHandle(recorded(1, 'OrderPlaced', {}))).toBe(true);
  });
});
