import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { storedOnce } from '../../storage/credential-store/stored-once';
import { Document } from '../../storage/read-store/read-store.port';
import { BuyerKind } from '../contract/buyer-holds';

type Setting = Document & { value: string };

declare module 'express-session' {
  interface SessionData {
    /** The browser as a buyer (hoarding bounds): made at its first order, kept in the signed session cookie. */
    buyerBrowserId?: string;
  }
}

/**
 * The buyers an order counts against (contract/buyer-holds.ts): the client's address as the rate
 * limits see it (`request.ip`, which honours TRUST_PROXY), the order's e-mail, and the browser. Each a
 * pseudonymous key: a keyed hash (HMAC-SHA-256 with a secret made once and kept in the credential store,
 * shared by every instance), so no ledger names an address or e-mail, and nobody reading the log can
 * hash the four billion IPv4 addresses to find one. A client that drops its cookie is a new browser, but
 * still the same address and, unless it changes it too, the same e-mail.
 */
@Injectable()
export class BuyerIdentity {
  private secret: Promise<string> | null = null;

  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  async buyersOf(request: Request, email: string): Promise<string[]> {
    request.session.buyerBrowserId ??= randomUUID();
    const secret = await this.key();
    return [buyerKey(secret, 'address', clientNetwork(request.ip ?? '')), buyerKey(secret, 'email', email.trim().toLowerCase()), buyerKey(secret, 'browser', request.session.buyerBrowserId)];
  }

  private key(): Promise<string> {
    this.secret ??= storedOnce(this.store.collection<Setting>('settings'), 'buyer-key-secret', () => ({ _id: 'buyer-key-secret', value: randomBytes(48).toString('base64url') })).then(
      (setting) => setting.value,
      (error: unknown) => {
        this.secret = null;
        throw error;
      },
    );
    return this.secret;
  }
}

function buyerKey(secret: string, kind: BuyerKind, value: string): string {
  return `${kind}-${createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex').slice(0, 32)}`;
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
