import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { productDecider } from '../../backend/src/catalogue/domain/product.decider';
import { ProductEvent, productStream } from '../../backend/src/catalogue/contract/catalogue.events';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';
import { ProjectionRunner } from '../../projections/runner/projection-runner';

const address = { firstName: 'Rush', lastName: 'Hour', phone: '0412345678', address: '200 Queue St', city: 'Brisbane', state: 'QLD', postalCode: '4000' };

/** 50 units over five products, so orders compete on several streams at once and some must be partly reserved, then released. */
const STOCKS = [4, 6, 10, 12, 18];
const ORDERS = 200;

interface Line {
  productId: number;
  quantity: number;
}

/** The same contended mix on every run: one to three lines of one to three units each. */
function cartsOver(productIds: number[]): Line[][] {
  let seed = 20_240_601;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: ORDERS }, () => {
    const lines = new Map<number, number>();
    for (let i = 0, count = 1 + next(3); i < count; i += 1) lines.set(productIds[next(productIds.length)], 1 + next(3));
    return [...lines].map(([productId, quantity]) => ({ productId, quantity }));
  });
}

describe('Concurrency: 200 simultaneous orders for 50 units', () => {
  let shop: TestApp;
  let baseUrl: string;
  const products: { id: number; name: string; stock: number }[] = [];

  beforeAll(async () => {
    shop = await startTestApp();
    const admin = shop.agent();
    await signInAsAdmin(admin);
    for (const [index, stock] of STOCKS.entries()) {
      const name = `Contended Peptide ${String.fromCharCode(65 + index)}`;
      const { id } = (await admin.post('/api/admin/products').send({ name, sku: `RUSH-${index}`, price: '25', stock }).expect(201)).body;
      products.push({ id, name, stock });
    }
    // A real listening socket: the orders arrive as 200 independent connections, as from 200 browsers.
    const server = shop.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await shop.close();
  });

  it('never oversells, never shows negative stock, holds nothing for refused orders, and refuses with 409 naming a product', async () => {
    const carts = cartsOver(products.map((p) => p.id));
    const stockSeen = async () =>
      Promise.all(products.map(async ({ id }) => ((await (await fetch(`${baseUrl}/api/products/${id}`)).json()) as { stock: number }).stock));

    let placing = true;
    const lowestSeen = products.map((p) => p.stock);
    const watcher = (async () => {
      while (placing) (await stockSeen()).forEach((stock, i) => (lowestSeen[i] = Math.min(lowestSeen[i], stock)));
    })();

    const attempts = await Promise.all(
      carts.map(async (items) => {
        const response = await fetch(`${baseUrl}/api/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ customerEmail: 'rush@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items }),
        });
        return { items, status: response.status, body: (await response.json()) as { id?: number; message?: string } };
      }),
    );
    placing = false;
    await watcher;

    expect(attempts.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
    const placed = attempts.filter((a) => a.status === 201);
    const refused = attempts.filter((a) => a.status === 409);
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const nameOf = new Map(products.map((p) => [p.id, p.name]));
    for (const { items, body } of refused) {
      expect(items.map((line) => nameOf.get(line.productId)).some((name) => body.message?.includes(name!))).toBe(true);
    }

    // An answer waits for the orders read model only; the catalogue's may be a moment behind after a burst.
    await shop.app.get(ProjectionRunner).catchUp();
    const finalStock = await stockSeen();
    const eventStore = shop.app.get<EventStore>(EVENT_STORE);
    for (const [i, product] of products.entries()) {
      const sold = placed.flatMap((a) => a.items).filter((line) => line.productId === product.id).reduce((sum, line) => sum + line.quantity, 0);
      expect(sold).toBeLessThanOrEqual(product.stock);
      expect(finalStock[i]).toBe(product.stock - sold);
      expect(lowestSeen[i]).toBeGreaterThanOrEqual(0);

      const history = (await eventStore.readStream(productStream(product.id))).map((event) => ({ type: event.type, version: event.version, data: event.data }) as ProductEvent);
      const states = history.reduce((seen, event) => [...seen, productDecider.evolve(seen[seen.length - 1], event)], [productDecider.initialState]);
      expect(Math.min(...states.map((state) => state.stock))).toBeGreaterThanOrEqual(0);
      const holders = placed.filter((a) => a.items.some((line) => line.productId === product.id)).map((a) => String(a.body.id)).sort();
      expect(Object.keys(states[states.length - 1].reservations).sort()).toEqual(holders);
    }
  }, 120_000);
});
