import { OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';

/** 32 random bytes, base64url: what a mailed link carries, and the only shape the links' endpoints look up. */
export const ACCOUNT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Keyed by the token's SHA-256: whoever reads this store (or a backup of it) cannot build a working link. */
type PendingLink = Document & { userId: string; email: string; expiresAt: number };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Links mailed to an account and waiting to be followed (address confirmations, password resets), in the
 * credential store: like passwords, outside the log and the rebuildable read models. One live link per
 * account and kind: a new one replaces the last.
 */
export class AccountLinkTokens implements OnModuleInit {
  constructor(
    private readonly store: CredentialStore,
    private readonly collectionName: string,
  ) {}

  private get pending() {
    return this.store.collection<PendingLink>(this.collectionName);
  }

  async onModuleInit(): Promise<void> {
    await this.pending.createIndex({ userId: 1 });
    await this.pending.createIndex({ expiresAt: 1 });
  }

  /** A new token for the account's address; only its hash is kept. Links that have lapsed, anyone's, go at the same time. */
  async issue(userId: string, email: string, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pending.deleteMany({ $or: [{ userId }, { expiresAt: { $lte: Date.now() } }] });
    await this.pending.insertOne({ _id: hashOf(token), userId, email, expiresAt: expiresAt.getTime() });
    return token;
  }

  /** Whether a link of the account (or invitation) still waits to be followed: not used, not lapsed. */
  async isPending(userId: string): Promise<boolean> {
    return (await this.pending.findOne({ userId, expiresAt: { $gt: Date.now() } })) !== null;
  }

  /** The account's links still waiting are void (it closed): none of them, nor its address, is kept. */
  async forget(userId: string): Promise<void> {
    await this.pending.deleteMany({ userId });
  }

  /**
   * What `take` would answer, leaving the token live: for a check before anything is consumed (an invitation
   * followed by someone who must sign in first keeps its link).
   */
  async peek(token: string): Promise<{ userId: string; email: string } | null> {
    if (!ACCOUNT_LINK_TOKEN.test(token)) return null;
    const pending = await this.pending.findOne({ _id: hashOf(token) });
    return pending && pending.expiresAt > Date.now() ? { userId: pending.userId, email: pending.email } : null;
  }

  /**
   * The account and address a token was mailed for, once: the token is deleted as it is taken, and of
   * two simultaneous clicks only the one whose delete removed it proceeds. Unknown, lapsed, used, or not
   * shaped like a token at all: null.
   */
  async take(token: string): Promise<{ userId: string; email: string } | null> {
    if (!ACCOUNT_LINK_TOKEN.test(token)) return null;
    const id = hashOf(token);
    const pending = await this.pending.findOne({ _id: id });
    if (!pending || (await this.pending.deleteOne({ _id: id })) === 0) return null;
    return pending.expiresAt > Date.now() ? { userId: pending.userId, email: pending.email } : null;
  }
}
