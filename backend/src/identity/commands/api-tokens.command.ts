import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';
import { API_TOKEN_BYTES, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, apiTokenStream, ApiTokenScope } from '../contract/api-tokens';
import { apiTokenDecider } from '../domain/api-token.decider';

export const API_TOKENS_COLLECTION = 'identity_api_tokens';
const DAY_MS = 24 * 60 * 60_000;

/** A token as the credential store keeps it: the SHA-256 of its secret, never the secret. */
export type ApiTokenRecord = Document & {
  hash: string;
  name: string;
  scopes: ApiTokenScope[];
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The secret's hash, by which a request's token is found. A 256-bit random secret needs no salt nor slow hash. */
export function hashOfApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The tokens, in the credential store (not rebuildable from the log: the log never holds a secret nor
 * its hash). Every instance reads the same documents, so a revocation holds everywhere at once.
 */
@Injectable()
export class ApiTokenVault implements OnModuleInit {
  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  private get tokens() {
    return this.store.collection<ApiTokenRecord>(API_TOKENS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await this.tokens.createIndex({ hash: 1 }, { unique: true });
    await this.tokens.createIndex({ createdBy: 1, createdAt: 1 });
    await this.tokens.createIndex({ createdAt: 1 });
  }

  async save(record: ApiTokenRecord): Promise<void> {
    await this.tokens.insertOne(record);
  }

  byHash(hash: string): Promise<ApiTokenRecord | null> {
    return this.tokens.findOne({ hash });
  }

  byId(id: string): Promise<ApiTokenRecord | null> {
    return this.tokens.findOne({ _id: id });
  }

  /** Newest first: every token, or those `createdBy` made. */
  list(createdBy: string | null): Promise<ApiTokenRecord[]> {
    return this.tokens.find(createdBy === null ? {} : { createdBy }, { sort: { createdAt: -1 } });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.tokens.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at.toISOString() } });
  }

  /** Records a use, unless one was recorded within `resolutionMs`: the filter makes concurrent requests write once. */
  async touch(id: string, now: Date, resolutionMs: number): Promise<void> {
    const before = new Date(now.getTime() - resolutionMs).toISOString();
    await this.tokens.updateOne({ _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: before } }] }, { $set: { lastUsedAt: now.toISOString() } });
  }
}

/**
 * Makes a token: ApiTokenCreated on its own stream first, then its hash in the credential store, then the
 * secret is answered, once. A crash between the two leaves a recorded token that opens nothing (nobody
 * was shown its secret), never a working token the audit log does not know. Who may give which scopes
 * is the caller's check (ApiTokensController).
 */
export class CreateApiToken extends Command<{ record: ApiTokenRecord; token: string }> {
  constructor(
    readonly name: string,
    readonly scopes: ApiTokenScope[],
    readonly expiresInDays: number,
    readonly createdBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreateApiToken)
export class CreateApiTokenHandler implements ICommandHandler<CreateApiToken> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly vault: ApiTokenVault,
  ) {}

  async execute({ name, scopes, expiresInDays, createdBy, context }: CreateApiToken) {
    const tokenId = randomUUID();
    const token = `${API_TOKEN_PREFIX}${randomBytes(API_TOKEN_BYTES).toString('base64url')}`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + expiresInDays * DAY_MS).toISOString();
    await this.streams.execute(apiTokenStream(tokenId), apiTokenDecider, { kind: 'create', tokenId, name, scopes, createdBy, expiresAt }, context);
    const record: ApiTokenRecord = { _id: tokenId, hash: hashOfApiToken(token), name, scopes, createdBy, createdAt: now.toISOString(), expiresAt, lastUsedAt: null, revokedAt: null };
    await this.vault.save(record);
    return { record, token };
  }
}

/**
 * Revokes a token: the credential store first, so it opens nothing from this moment, then ApiTokenRevoked.
 * A crash between the two leaves a revoked token whose stream says it is live; revoking it again records
 * the event. Who may revoke it (its maker, the owner) is the caller's check.
 */
export class RevokeApiToken extends Command<void> {
  constructor(
    readonly tokenId: string,
    readonly revokedBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RevokeApiToken)
export class RevokeApiTokenHandler implements ICommandHandler<RevokeApiToken> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly vault: ApiTokenVault,
  ) {}

  async execute({ tokenId, revokedBy, context }: RevokeApiToken): Promise<void> {
    const command = { kind: 'revoke', revokedBy } as const;
    // Decided before anything changes: an unknown or already revoked token is refused (404, 409) as it is.
    apiTokenDecider.decide(command, (await this.streams.load(apiTokenStream(tokenId), apiTokenDecider)).state);
    if (!(await this.vault.byId(tokenId))) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
    await this.vault.revoke(tokenId, new Date());
    await this.streams.execute(apiTokenStream(tokenId), apiTokenDecider, command, context);
  }
}
