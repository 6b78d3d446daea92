import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
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

  async findByEmail(email: string): Promise<Credentials | null> {
    return this.credentials.findOne({ email });
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
