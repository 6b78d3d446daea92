import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { uniqueKeyDecider } from '../../shared/event-sourcing/unique-keys';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { EmailKeys } from './email-key';
import { PasswordHasher } from './password-hasher';

export const CREDENTIALS_COLLECTION = 'identity_credentials';

type Credentials = Document & { email: string; passwordHash: string; createdAt?: string };

/**
 * Password hashes live here, in the credential store, outside the append-only log (so they can be
 * changed or erased) and outside the read models (so no rebuild can lose them). Which user holds an
 * e-mail is decided on the write side by the e-mail's claim stream; the unique index here is a second guard.
 */
@Injectable()
export class CredentialsRepository implements OnModuleInit {
  private readonly logger = new Logger('Credentials');
  /** Verified when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    @Inject(CREDENTIAL_STORE) private readonly store: CredentialStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly hasher: PasswordHasher,
    private readonly streams: StreamExecutor,
    private readonly emails: EmailKeys,
  ) {}

  private get credentials() {
    return this.store.collection<Credentials>(CREDENTIALS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await this.credentials.createIndex({ email: 1 }, { unique: true });
    await this.moveOutOfReadStore();
  }

  async count(): Promise<number> {
    return this.credentials.count({});
  }

  /** Sets the password of `userId`, replacing credentials of the same e-mail left by a sign-up that never completed. */
  async save(userId: string, email: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    await this.credentials.deleteMany({ email, _id: { $ne: userId } });
    await this.credentials.replaceOne({ _id: userId, email, passwordHash, createdAt: new Date().toISOString() });
  }

  /** The account signs in with `email` from now on (its claim on the address is the caller's business). */
  async changeEmail(userId: string, email: string): Promise<void> {
    const current = await this.credentials.findOne({ _id: userId });
    if (!current || current.email === email) return;
    await this.credentials.deleteMany({ email, _id: { $ne: userId } });
    await this.credentials.replaceOne({ ...current, email });
  }

  /** The account closed (issue 22): its password hash and address are deleted; it signs in nowhere again. */
  async remove(userId: string): Promise<void> {
    await this.credentials.deleteOne({ _id: userId });
  }

  /**
   * The credentials that sign in with `email`, as the account's stream says: the address an account uses is
   * EmailChanged's, and the credentials only follow it. A change interrupted between the two (a crash after the
   * event) is finished here: the old address no longer signs in, and the new one does.
   */
  async findByEmail(email: string): Promise<Credentials | null> {
    const found = await this.credentials.findOne({ email });
    if (found) {
      const { state } = await this.streams.load(userStream(found._id), userDecider);
      if (state.userId === null || (state.email === email && state.closing === 'open')) return found;
      if (state.closing !== 'open') return null;
      await this.changeEmail(found._id, state.email);
      return null;
    }
    const claim = await this.streams.load(this.emails.of(email).streamId, uniqueKeyDecider);
    if (claim.state.ownerId === null) return null;
    const { state } = await this.streams.load(userStream(claim.state.ownerId), userDecider);
    const stale = state.email === email && state.closing === 'open' ? await this.credentials.findOne({ _id: claim.state.ownerId }) : null;
    if (!stale) return null;
    await this.changeEmail(stale._id, email);
    return { ...stale, email };
  }

  /** The user id when the password matches, otherwise null; never says which part was wrong. */
  async verify(email: string, password: string): Promise<string | null> {
    const credentials = await this.findByEmail(email);
    if (!credentials) {
      this.decoyHash ??= this.hasher.hash('decoy password that never matches');
      await this.hasher.verify(await this.decoyHash, password);
      return null;
    }
    if (!(await this.hasher.verify(credentials.passwordHash, password))) return null;
    if (this.hasher.needsRehash(credentials.passwordHash)) await this.rehash(credentials, password);
    return credentials._id;
  }

  /** A hash made with older parameters (four lanes, four threads) is replaced once the password is known to be right. */
  private async rehash(credentials: Credentials, password: string): Promise<void> {
    try {
      await this.credentials.replaceOne({ ...credentials, passwordHash: await this.hasher.hash(password) });
    } catch (error) {
      // The sign-in itself succeeded; the old hash still verifies and is replaced next time.
      this.logger.warn(`Could not replace an older password hash: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Data folders from before the credential store kept credentials among the read models: they move once. */
  private async moveOutOfReadStore(): Promise<void> {
    if ((await this.credentials.count({})) > 0) return;
    const legacy = await this.readStore.collection<Credentials>(CREDENTIALS_COLLECTION).find({});
    if (legacy.length === 0) return;
    for (const credentials of legacy) await this.credentials.replaceOne(credentials);
    await this.readStore.dropCollection(CREDENTIALS_COLLECTION);
    this.logger.warn(`Moved ${legacy.length} credential(s) from the read models into the credential store`);
  }
}
