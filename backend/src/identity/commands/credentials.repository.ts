import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';

export const CREDENTIALS_COLLECTION = 'identity_credentials';

/** `createdAt` tells a registration still in flight from one that a crash left without its UserRegistered. */
type Credentials = Document & { email: string; passwordHash: string; createdAt?: string };

/**
 * Password hashes live here, outside the append-only log, so that they can be
 * changed or erased. The unique e-mail index is what makes sign-up race-free.
 */
@Injectable()
export class CredentialsRepository implements OnModuleInit {
  /** Verified when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password. */
  private decoyHash: Promise<string> | null = null;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get credentials() {
    return this.readStore.collection<Credentials>(CREDENTIALS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await this.credentials.createIndex({ email: 1 }, { unique: true });
  }

  /** Fails with DuplicateKeyError when the e-mail is taken. */
  async create(userId: string, email: string, password: string): Promise<void> {
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    await this.credentials.insertOne({ _id: userId, email, passwordHash, createdAt: new Date().toISOString() });
  }

  async findByEmail(email: string): Promise<Credentials | null> {
    return this.credentials.findOne({ email });
  }

  async remove(userId: string): Promise<void> {
    await this.credentials.deleteOne({ _id: userId });
  }

  /** The user id when the password matches, otherwise null; never says which part was wrong. */
  async verify(email: string, password: string): Promise<string | null> {
    const credentials = await this.findByEmail(email);
    if (!credentials) {
      this.decoyHash ??= argon2.hash('decoy password that never matches', { type: argon2.argon2id });
      await argon2.verify(await this.decoyHash, password);
      return null;
    }
    return (await argon2.verify(credentials.passwordHash, password)) ? credentials._id : null;
  }
}
