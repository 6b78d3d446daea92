import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productStream } from '../../backend/src/catalogue/contract/catalogue.events';
import { productDecider } from '../../backend/src/catalogue/domain/product.decider';
import { orderStream } from '../../backend/src/ordering/contract/order.events';
import { orderDecider } from '../../backend/src/ordering/domain/order.decider';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { StreamExecutor } from '../../backend/src/shared/event-sourcing/stream-executor';
import { SqliteEventStore } from '../../backend/src/storage/event-store/sqlite-event-store';
import { adminCookie, callJson } from '../support/http-client';
import { startServerProcess } from '../support/server-process';

/**
 * kill -9 between the steps of every process manager: a server started with CRASH_AT=<step> kills
 * itself the moment it reaches that step; a restart must then leave the shop consistent, with the
 * process finished (forward, or compensated as the process decides) and no stock lost or double-held.
 */

const address = { firstName: 'Kay', lastName: 'Nine', phone: '0412345678', address: '9 Signal St', city: 'Perth', state: 'WA', postalCode: '6000' };

interface Product {
  id: number;
  name: string;
  sku: string;
  price: string;
  stock: number;
}

interface Order {
  id: number;
  status: string;
  paymentStatus: string;
  cancellationReason: string | null;
  items: { productId: number; quantity: number }[];
}

interface Shop {
  url: string;
  cookie: string;
}

const orderBody = (products: Product[]) => ({
  customerEmail: 'kay@example.com',
  paymentMethod: 'bitcoin',
  shippingMethod: 'regular',
  shippingAddress: address,
  items: products.map((product) => ({ productId: product.id, quantity: 2 })),
});

/** Places an order, cancels it, and so on, as an admin would: the crash may happen on the way. */
async function place(shop: Shop, products: Product[]): Promise<Order> {
  const placed = await callJson<Order>(shop.url, '/api/orders', { body: orderBody(products), cookie: shop.cookie });
  expect(placed.status).toBe(201);
  return placed.body;
}

/** A request that makes the server kill itself: it gets no answer. */
async function requestThatCrashes(path: string, shop: Shop, options: { method?: string; body?: unknown }): Promise<void> {
  await expect(callJson(shop.url, path, { ...options, cookie: shop.cookie })).rejects.toThrow();
}

/** Records an order directly in the stopped shop's log, as the write side would have done at `placedAt`. */
async function recordOrderIn(dataDir: string, orderId: number, lines: { product: Product; quantity: number }[], paymentDueBy: string, steps: 'submitted' | 'placed') {
  const eventStore = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const streams = new StreamExecutor(eventStore);
  const context = systemContext();
  const details = {
    orderId,
    customerId: null,
    customerEmail: 'kay@example.com',
    lines: lines.map(({ product, quantity }) => ({ productId: product.id, name: product.name, sku: product.sku, quantity, unitPrice: product.price, lineTotal: product.price })),
    totals: { subtotal: '10.00', discountPercentage: 0, discountAmount: '0.00', shippingCost: '10.00', totalAmount: '20.00' },
    referralCode: null,
    shippingMethod: 'regular' as const,
    paymentMethod: 'bitcoin' as const,
    shippingAddress: { ...address, state: 'WA' as const, country: 'Australia' as const },
    deliveryInstructions: null,
    paymentDueBy,
  };
  await streams.start(orderStream(orderId), orderDecider.decide({ kind: 'submit', details }, orderDecider.initialState), context);
  if (steps === 'placed') {
    for (const { product, quantity } of lines) await streams.execute(productStream(product.id), productDecider, { kind: 'reserve', orderId, quantity }, context);
    await streams.execute(orderStream(orderId), orderDecider, { kind: 'completePlacement' }, context);
  }
  await eventStore.close();
}

interface Scenario {
  step: string;
  /** What the shop is asked to do while it runs with CRASH_AT; null when the step runs at start-up. */
  crashWhile: ((shop: Shop, products: Product[]) => Promise<void>) | null;
  /** For steps reached at start-up: what the stopped shop's log holds beforehand. */
  recordBefore?: (dataDir: string, products: Product[]) => Promise<void>;
  /** What the shop must show after the restart. */
  expectAfterRestart: (shop: Shop, products: Product[], initialStock: number[]) => Promise<void>;
}

const stockOf = async (shop: Shop, products: Product[]) =>
  Promise.all(products.map(async (product) => (await callJson<Product>(shop.url, `/api/products/${product.id}`)).body.stock));
const ordersOf = async (shop: Shop) => (await callJson<Order[]>(shop.url, '/api/admin/orders', { cookie: shop.cookie })).body;

const PAST = new Date(Date.now() - 60 * 60 * 1000).toISOString();
const FUTURE = new Date(Date.now() + 60 * 60 * 1000).toISOString();

const SCENARIOS: Scenario[] = [
  ...['placement:submitted', 'placement:reserved'].map(
    (step): Scenario => ({
      step,
      crashWhile: (shop, products) => requestThatCrashes('/api/orders', shop, { body: orderBody(products) }),
      // The order was recorded before the crash: its placement is finished, every line held once.
      expectAfterRestart: async (shop, products, initialStock) => {
        const [order] = await ordersOf(shop);
        expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
        expect(await stockOf(shop, products)).toEqual(initialStock.map((stock) => stock - 2));
      },
    }),
  ),
  {
    step: 'placement:released',
    crashWhile: null,
    // A submitted order whose second line cannot be held: the first line's stock is released, then the order rejected.
    recordBefore: (dataDir, [first, second]) => recordOrderIn(dataDir, 90_001, [{ product: first, quantity: 1 }, { product: second, quantity: 1_000_000 }], FUTURE, 'submitted'),
    expectAfterRestart: async (shop, products, initialStock) => {
      expect(await ordersOf(shop)).toEqual([]);
      expect(await stockOf(shop, products)).toEqual(initialStock);
    },
  },
  ...['cancellation:cancelled', 'cancellation:released'].map(
    (step): Scenario => ({
      step,
      crashWhile: async (shop, products) => {
        const order = await place(shop, products);
        await requestThatCrashes(`/api/orders/${order.id}/status`, shop, { method: 'PUT', body: { status: 'cancelled' } });
      },
      expectAfterRestart: async (shop, products, initialStock) => {
        const [order] = await ordersOf(shop);
        expect(order.status).toBe('cancelled');
        expect(await stockOf(shop, products)).toEqual(initialStock);
      },
    }),
  ),
  {
    step: 'expiry:expired',
    crashWhile: null,
    recordBefore: (dataDir, [first, second]) => recordOrderIn(dataDir, 90_002, [{ product: first, quantity: 3 }, { product: second, quantity: 1 }], PAST, 'placed'),
    expectAfterRestart: async (shop, products, initialStock) => {
      const [order] = await ordersOf(shop);
      expect(order).toMatchObject({ id: 90_002, status: 'cancelled', cancellationReason: 'The payment window ended before the order was paid' });
      expect(await stockOf(shop, products)).toEqual(initialStock);
    },
  },
  {
    step: 'settlement:order-recorded',
    crashWhile: async (shop, products) => {
      const order = await place(shop, products);
      const payment = await callJson<{ id: number }>(shop.url, '/api/payments/crypto', { body: { orderId: order.id, paymentMethod: 'bitcoin' }, cookie: shop.cookie });
      await requestThatCrashes(`/api/admin/payments/${payment.body.id}/confirm`, shop, { body: { transactionHash: 'e'.repeat(64) } });
    },
    expectAfterRestart: async (shop, products, initialStock) => {
      const [order] = await ordersOf(shop);
      expect(order).toMatchObject({ status: 'processing', paymentStatus: 'confirmed' });
      const [payment] = (await callJson<{ status: string; transactionId: string }[]>(shop.url, '/api/admin/payments', { cookie: shop.cookie })).body;
      expect(payment).toMatchObject({ status: 'confirmed', transactionId: 'e'.repeat(64) });
      expect(await stockOf(shop, products)).toEqual(initialStock.map((stock) => stock - 2));
    },
  },
  {
    step: 'settlement:payment-failed',
    crashWhile: async (shop, products) => {
      const order = await place(shop, products);
      const payment = await callJson<{ id: number }>(shop.url, '/api/payments/crypto', { body: { orderId: order.id, paymentMethod: 'bitcoin' }, cookie: shop.cookie });
      await requestThatCrashes(`/api/admin/payments/${payment.body.id}/fail`, shop, { body: { reason: 'Nothing arrived' } });
    },
    expectAfterRestart: async (shop) => {
      const [order] = await ordersOf(shop);
      expect(order).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
      const [payment] = (await callJson<{ status: string; failureReason: string }[]>(shop.url, '/api/admin/payments', { cookie: shop.cookie })).body;
      expect(payment).toMatchObject({ status: 'failed', failureReason: 'Nothing arrived' });
    },
  },
];

describe('kill -9 between the steps of every process manager', () => {
  // One shop seeded with the demo catalogue, stopped, then copied for each scenario: a crash scenario needs a fresh
  // shop, not a fresh seeding (each start that seeds costs seconds of CPU on a busy machine).
  let seededDir: string;
  let products: Product[];
  beforeAll(async () => {
    seededDir = mkdtempSync(join(tmpdir(), 'shop-crash-seeded-'));
    const seeded = await startServerProcess(seededDir);
    products = ((await callJson<Product[]>(seeded.url, '/api/products?sortBy=popularity')).body).slice(0, 2);
    await seeded.stop();
  }, 90_000);
  afterAll(() => rmSync(seededDir, { recursive: true, force: true }));

  it.each(SCENARIOS.map((scenario) => [scenario.step, scenario] as const))('ends consistent after a crash at %s', async (_step, scenario) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
    try {
      cpSync(seededDir, dataDir, { recursive: true });
      const initialStock = products.map((product) => product.stock);
      await scenario.recordBefore?.(dataDir, products);

      if (scenario.crashWhile) {
        const crashing = await startServerProcess(dataDir, { CRASH_AT: scenario.step });
        await scenario.crashWhile({ url: crashing.url, cookie: await adminCookie(crashing.url) }, products);
        await crashing.exited;
      } else {
        await expect(startServerProcess(dataDir, { CRASH_AT: scenario.step })).rejects.toThrow(/Server exited with SIGKILL/);
      }

      const restarted = await startServerProcess(dataDir);
      try {
        await scenario.expectAfterRestart({ url: restarted.url, cookie: await adminCookie(restarted.url) }, products, initialStock);
        const ready = (await callJson<{ status: string }>(restarted.url, '/api/health/ready')).body;
        expect(ready.status).toBe('ready');
      } finally {
        await restarted.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('One process per DATA_DIR', () => {
  it('refuses to start a second shop on a data folder in use, with a clear message, and starts once the first is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
    try {
      const first = await startServerProcess(dataDir);
      try {
        await expect(startServerProcess(dataDir)).rejects.toThrow(/The shop did not start: DATA_DIR .* is in use by another shop process \(pid \d+\)/);
      } finally {
        await first.crash();
      }
      const second = await startServerProcess(dataDir);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
