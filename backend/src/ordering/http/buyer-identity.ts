import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { BuyerKind } from '../contract/buyer-holds';

declare module 'express-session' {
  interface SessionData {
    /** The browser as a buyer (hoarding bounds): made at its first order, kept in the signed session cookie. */
    buyerBrowserId?: string;
  }
}

/**
 * The buyers an order counts against (contract/buyer-holds.ts): the client's address as the rate
 * limits see it (`request.ip`, which honours TRUST_PROXY), the order's e-mail, and the browser. Each a
 * pseudonymous key, so no ledger names an address or e-mail. A client that drops its cookie is a new
 * browser, but still the same address and, unless it changes it too, the same e-mail.
 */
export function buyersOf(request: Request, email: string): string[] {
  request.session.buyerBrowserId ??= randomUUID();
  return [buyerKey('address', clientNetwork(request.ip ?? '')), buyerKey('email', email.trim().toLowerCase()), buyerKey('browser', request.session.buyerBrowserId)];
}

function buyerKey(kind: BuyerKind, value: string): string {
  return `${kind}-${createHash('sha256').update(`${kind}:${value}`).digest('hex').slice(0, 32)}`;
}

/**
 * An IPv4 address as it is; an IPv6 address by its /64, since a subscriber is usually given a whole
 * /64 and could otherwise be a new buyer at every one of its addresses.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0].toLowerCase();
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/.test(address)) return address.slice('::ffff:'.length);
  if (!address.includes(':')) return address;
  const [head, tail = null] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === null || tail === '' ? [] : tail.split(':');
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
