import { randomUUID } from 'node:crypto';
import { LeaseStore } from '../../backend/src/storage/leases/lease.port';

export interface LeaseStoresUnderTest {
  /** Two instances' views of one store, sharing a clock the test moves. */
  first: LeaseStore;
  second: LeaseStore;
  advance(ms: number): void;
  dispose(): Promise<void>;
}

const TTL = 10_000;

/** Every lease store adapter must pass this suite unchanged. */
export function describeLeaseStoreContract(adapterName: string, open: () => Promise<LeaseStoresUnderTest>) {
  describe(`LeaseStore contract: ${adapterName}`, () => {
    let subject: LeaseStoresUnderTest;
    let name: string;

    beforeEach(async () => {
      subject = await open();
      name = `job-${randomUUID()}`;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('gives a free lease to the first who asks, and nobody else while it lasts', async () => {
      const granted = await subject.first.acquire(name, 'a', TTL);
      expect(granted).toMatchObject({ name, owner: 'a', token: 1 });
      expect(await subject.second.acquire(name, 'b', TTL)).toBeNull();
      subject.advance(TTL - 1);
      expect(await subject.second.acquire(name, 'b', TTL)).toBeNull();
    });

    it('lets its holder renew it with the same token, further each time', async () => {
      const first = await subject.first.acquire(name, 'a', TTL);
      subject.advance(TTL / 2);
      const renewed = await subject.first.acquire(name, 'a', TTL);
      expect(renewed?.token).toBe(first?.token);
      expect(renewed!.expiresAt).toBeGreaterThan(first!.expiresAt);
      subject.advance(TTL * 0.9);
      expect(await subject.second.acquire(name, 'b', TTL)).toBeNull();
    });

    it('hands a lapsed lease to another owner with a higher token, and the old holder cannot renew it', async () => {
      const old = await subject.first.acquire(name, 'a', TTL);
      subject.advance(TTL + 1);
      const taken = await subject.second.acquire(name, 'b', TTL);
      expect(taken).toMatchObject({ owner: 'b' });
      expect(taken!.token).toBeGreaterThan(old!.token);
      expect(await subject.first.acquire(name, 'a', TTL)).toBeNull();
    });

    it('frees a released lease at once for the next owner', async () => {
      const held = await subject.first.acquire(name, 'a', TTL);
      await subject.first.release(name, 'a', held!.token);
      const next = await subject.second.acquire(name, 'b', TTL);
      expect(next!.token).toBe(held!.token + 1);
      // A release by a holder that already lost the lease changes nothing.
      await subject.first.release(name, 'a', held!.token);
      expect(await subject.first.acquire(name, 'a', TTL)).toBeNull();
    });

    it('gives a free or lapsed lease to exactly one of many owners asking at the same moment', async () => {
      const free = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? subject.first : subject.second).acquire(name, `owner-${n}`, TTL)));
      expect(free.filter((grant) => grant !== null)).toHaveLength(1);
      subject.advance(TTL + 1);
      const lapsed = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? subject.first : subject.second).acquire(name, `late-${n}`, TTL)));
      const winners = lapsed.filter((grant) => grant !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.token).toBe(2);
    });

    it('lists every lease with its holder', async () => {
      await subject.first.acquire(`${name}-x`, 'a', TTL);
      await subject.second.acquire(`${name}-y`, 'b', TTL);
      const mine = (await subject.first.list()).filter((lease) => lease.name.startsWith(name));
      expect(mine.map(({ name: leaseName, owner }) => [leaseName, owner])).toEqual([
        [`${name}-x`, 'a'],
        [`${name}-y`, 'b'],
      ]);
    });
  });
}
