import { productDecider } from '../../backend/src/catalogue/domain/product.decider';
import { productStream } from '../../backend/src/catalogue/contract/catalogue.events';
import { ORPHAN_AFTER_MS, StockReservationJanitor } from '../../backend/src/ordering/stock-reservation-janitor';
import { StreamExecutor } from '../../backend/src/shared/event-sourcing/stream-executor';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { startTestApp, TestApp } from '../support/test-app';

describe('Stock reservations orphaned by a crash', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('are given back once they are old enough, while the holds of real orders stay', async () => {
    const [product] = (await shop.agent().get('/api/products').query({ sortBy: 'popularity' }).expect(200)).body;
    const address = { firstName: 'A', lastName: 'B', phone: '0412345678', address: '1 St', city: 'Perth', state: 'WA', postalCode: '6000' };
    await shop.agent().post('/api/orders').send({ customerEmail: 'a@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: product.id, quantity: 2 }] }).expect(201);

    // What a process killed between reserving and recording the order leaves behind.
    const streams = shop.app.get(StreamExecutor);
    const { position } = await streams.execute(productStream(product.id), productDecider, { kind: 'reserve', orderId: 990001, quantity: 3 }, systemContext());
    await shop.app.get(ProjectionRunner).waitFor(position);
    const stock = async () => (await shop.agent().get(`/api/products/${product.id}`).expect(200)).body.stock;
    expect(await stock()).toBe(product.stock - 5);

    const janitor = shop.app.get(StockReservationJanitor);
    expect(await janitor.sweep()).toBe(0);
    expect(await janitor.sweep(Date.now() + ORPHAN_AFTER_MS + 1000)).toBe(1);
    await shop.app.get(ProjectionRunner).catchUp();
    expect(await stock()).toBe(product.stock - 2);
  });
});
