import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { SqliteReadStore } from '../../storage/read-store/sqlite-read-store';
import { BuyerIdentity, clientNetwork } from './buyer-identity';

describe('clientNetwork (the address part of a buyer)', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});

describe('BuyerIdentity (the keys an order counts against)', () => {
  const request = (ip: string, browser?: string) => ({ ip, session: { buyerBrowserId: browser } }) as unknown as Request;
  let stores: SqliteReadStore[] = [];
  const store = () => {
    const opened = new SqliteReadStore(':memory:', 'full');
    stores.push(opened);
    return opened;
  };
  afterEach(async () => {
    await Promise.all(stores.map((opened) => opened.close()));
    stores = [];
  });

  it('keys the address, e-mail and browser with the shop\'s secret: the same everywhere it is shared, and no plain hash of them', async () => {
    const shared = store();
    const [a, b] = [new BuyerIdentity(shared), new BuyerIdentity(shared)];
    const keys = await a.buyersOf(request('203.0.113.7', 'browser-1'), ' Ada@Example.com ');
    expect(keys).toEqual(await b.buyersOf(request('203.0.113.7', 'browser-1'), 'ada@example.com'));
    expect(keys.map((key) => key.split('-')[0])).toEqual(['address', 'email', 'browser']);
    // Hashing every IPv4 address with SHA-256 finds nothing: the key needs the secret.
    expect(keys[0]).not.toBe(`address-${createHash('sha256').update('address:203.0.113.7').digest('hex').slice(0, 32)}`);
    // Another shop (another secret): other keys for the same buyer.
    expect(await new BuyerIdentity(store()).buyersOf(request('203.0.113.7', 'browser-1'), 'ada@example.com')).not.toEqual(keys);
  });

  it('gives a browser without one an id of its own, kept in its session', async () => {
    const identity = new BuyerIdentity(store());
    const fresh = request('203.0.113.7');
    const first = await identity.buyersOf(fresh, 'ada@example.com');
    expect(typeof (fresh.session as { buyerBrowserId?: string }).buyerBrowserId).toBe('string');
    expect(await identity.buyersOf(fresh, 'ada@example.com')).toEqual(first);
  });
});
