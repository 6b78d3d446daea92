import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productDecider } from '../../backend/src/catalogue/domain/product.decider';
import { ProductEvent, productStream } from '../../backend/src/catalogue/contract/catalogue.events';
import { SqliteEventStore } from '../../backend/src/storage/event-store/sqlite-event-store';
import { adminCookie } from '../support/http-client';
import { startServerProcess } from '../support/server-process';

const address = { firstName: 'Kill', lastName: 'Nine', phone: '0412345678', address: '9 Crash St', city: 'Hobart', state: 'TAS', postalCode: '7000' };

describe('Durability under kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-durability-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged order, leaves no partial order, and the read models agree with the log after restart', async () => {
    const first = await startServerProcess(dataDir);
    const products = (await (await fetch(`${first.url}/api/products?sortBy=popularity`)).json()) as { id: number; stock: number }[];
    const [product] = products;
    const acknowledged: { id: number; totalAmount: string }[] = [];
    let stop = false;

    const placeOrders = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${first.url}/api/orders`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ customerEmail: 'k9@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: product.id, quantity: 1 }] }),
          });
          if (response.status === 201) acknowledged.push((await response.json()) as { id: number; totalAmount: string });
        } catch {
          return;
        }
      }
    };
    const clients = Array.from({ length: 4 }, placeOrders);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.crash();
    stop = true;
    await Promise.all(clients);

    const second = await startServerProcess(dataDir);
    try {
      const cookie = await adminCookie(second.url);
      const orders = (await (await fetch(`${second.url}/api/admin/orders`, { headers: { cookie } })).json()) as { id: number; items: unknown[]; totalAmount: string }[];
      const byId = new Map(orders.map((order) => [order.id, order]));
      for (const order of acknowledged) expect(byId.get(order.id)?.totalAmount).toBe(order.totalAmount);
      for (const order of orders) expect(order.items).toHaveLength(1);

      const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      const history = (await log.readStream(productStream(product.id))) as unknown as ProductEvent[];
      await log.close();
      const fromLog = history.reduce(productDecider.evolve, productDecider.initialState);
      const heldForRecordedOrders = Object.entries(fromLog.reservations).filter(([orderId]) => byId.has(Number(orderId)));
      expect(heldForRecordedOrders).toHaveLength(orders.length);
      const readModel = (await (await fetch(`${second.url}/api/products/${product.id}`)).json()) as { stock: number };
      expect(readModel.stock).toBe(fromLog.stock);
      expect(fromLog.stock).toBe(product.stock - Object.values(fromLog.reservations).reduce((sum, quantity) => sum + quantity, 0));
    } finally {
      await second.stop();
    }
  }, 120_000);
});
