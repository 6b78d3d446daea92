import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED } from '../../backend/src/shared/contract/personal-data';
import { NewEvent, RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/storage/event-store/sqlite-event-store';
import { PersonalDataKeys } from '../../backend/src/storage/personal-data/personal-data-keys';
import { SealingEventStore } from '../../backend/src/storage/personal-data/sealing-event-store';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { describeEventStoreContract } from './event-store.contract';

function openSealed() {
  const dir = mkdtempSync(join(tmpdir(), 'sealing-store-'));
  const credentials = new SqliteReadStore(join(dir, 'credentials.sqlite'), 'full');
  const keys = new PersonalDataKeys(credentials);
  const inner = new SqliteEventStore(join(dir, 'events.sqlite'));
  const store = new SealingEventStore(inner, keys);
  return {
    dir,
    store,
    keys,
    reopen: async () => new SealingEventStore(new SqliteEventStore(join(dir, 'events.sqlite')), keys),
    dispose: async () => {
      await store.close();
      await credentials.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The decorator keeps every promise of the port: order, revisions, subscriptions, durability.
describeEventStoreContract('SQLite behind the personal-data seal', async () => openSealed());

const metadata = { correlationId: 'c', causationId: null, actorId: null, occurredAt: '2026-11-27T00:00:00.000Z' };
const registered = (userId: string, email: string, fullName: string): NewEvent => ({ type: 'UserRegistered', version: 1, data: { userId, email, fullName, role: 'customer' }, metadata });
const placed = (orderId: number, customerId: string | null, customerEmail: string): NewEvent => ({
  type: 'OrderSubmitted',
  version: 1,
  data: {
    orderId,
    customerId,
    customerEmail,
    totals: { totalAmount: '80.00' },
    shippingAddress: { firstName: 'Hedy', lastName: 'Lamarr', phone: '0411222333', address: '9 Spread Spectrum St', city: 'Perth', state: 'WA', postalCode: '6000', country: 'Australia' },
    deliveryInstructions: null,
  },
  metadata,
});

describe('The personal-data seal', () => {
  let subject: ReturnType<typeof openSealed>;
  beforeEach(() => {
    subject = openSealed();
  });
  afterEach(() => subject.dispose());

  const dataOf = (events: RecordedEvent[]) => events.map((event) => event.data as Record<string, unknown>);

  it('writes only sealed text for a person and reads it back in clear; fields that are no one\'s stay as they are', async () => {
    await subject.store.append('user-u1', [registered('u1', 'hedy@example.com', 'Hedy Lamarr')], 'no_stream');
    await subject.store.append('order-1', [placed(1, 'u1', 'hedy@example.com')], 'no_stream');
    const raw = JSON.stringify(await subject.store.readAllSealed(null, 10));
    for (const clear of ['hedy@example.com', 'Hedy', 'Lamarr', '0411222333', 'Spread Spectrum']) expect(raw).not.toContain(clear);
    expect(raw).toContain('"totalAmount":"80.00"');
    expect(raw).toContain('"state":"WA"');
    expect(readFileSync(join(subject.dir, 'events.sqlite')).toString('latin1')).not.toContain('hedy@example.com');

    const [user] = dataOf(await subject.store.readStream('user-u1'));
    expect(user).toEqual({ userId: 'u1', email: 'hedy@example.com', fullName: 'Hedy Lamarr', role: 'customer' });
    const [order] = dataOf(await subject.store.readAll(1, 10));
    expect(order.shippingAddress).toMatchObject({ firstName: 'Hedy', phone: '0411222333', address: '9 Spread Spectrum St', state: 'WA' });
    expect(order.deliveryInstructions).toBeNull();

    const delivered: RecordedEvent[] = [];
    const subscription = subject.store.subscribeToAll(null, (event) => void delivered.push(event));
    while (delivered.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await subscription.stop();
    expect(dataOf(delivered)[0].email).toBe('hedy@example.com');
  });

  it('reads ERASED once the owner\'s key is destroyed, on every path; an account closed for good gets nothing sealed again', async () => {
    await subject.store.append('user-u1', [registered('u1', 'hedy@example.com', 'Hedy Lamarr')], 'no_stream');
    await subject.store.append('order-1', [placed(1, 'u1', 'hedy@example.com')], 'no_stream');
    await subject.store.append('user-u2', [registered('u2', 'other@example.com', 'Other Person')], 'no_stream');
    await subject.keys.destroy([await subject.keys.ownerId({ userId: 'u1' })]);

    expect(dataOf(await subject.store.readStream('user-u1'))[0]).toMatchObject({ userId: 'u1', email: ERASED, fullName: ERASED });
    expect(dataOf(await subject.store.readStream('order-1'))[0]).toMatchObject({ customerEmail: ERASED, shippingAddress: { firstName: ERASED, state: 'WA' }, totals: { totalAmount: '80.00' } });
    expect(dataOf(await subject.store.readStream('user-u2'))[0]).toMatchObject({ email: 'other@example.com' });

    await subject.store.append('user-u1', [registered('u1', 'again@example.com', 'Again')], 0);
    expect(JSON.stringify(await subject.store.readAllSealed(null, 10))).not.toContain('again@example.com');
    expect(dataOf(await subject.store.readStream('user-u1', 1))[0]).toMatchObject({ email: ERASED });
  });

  it("seals a guest's order with the key of the address: destroyed, it erases that address's orders; a later order with it gets a new key", async () => {
    await subject.store.append('order-1', [placed(1, null, 'guest@example.com')], 'no_stream');
    await subject.store.append('order-2', [placed(2, null, 'someone@example.com')], 'no_stream');
    await subject.keys.destroy([await subject.keys.ownerId({ guestEmail: 'Guest@Example.com' })]);
    await subject.store.append('order-3', [placed(3, null, 'guest@example.com')], 'no_stream');
    const emails = dataOf(await subject.store.readAll(null, 10)).map((data) => data.customerEmail);
    expect(emails).toEqual([ERASED, 'someone@example.com', 'guest@example.com']);
  });

  it('keeps appends in the order they were asked for while the first waits for its new key', async () => {
    const first = subject.store.append('user-u1', [registered('u1', 'hedy@example.com', 'Hedy Lamarr')], 'no_stream');
    const second = subject.store.append('user-u1', [{ type: 'RoleGranted', version: 1, data: { userId: 'u1', role: 'admin' }, metadata }], 0);
    const third = subject.store.append('order-9', [{ type: 'OrderStockReleased', version: 1, data: { orderId: 9 }, metadata }], 'no_stream');
    const results = await Promise.all([first, second, third]);
    expect(results.map((result) => result.position)).toEqual([1, 2, 3]);
    expect((await subject.store.readStream('user-u1')).map((event) => event.type)).toEqual(['UserRegistered', 'RoleGranted']);
  });
});
