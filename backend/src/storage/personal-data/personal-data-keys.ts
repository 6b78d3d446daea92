import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { ERASED, PersonalDataOwner } from '../../shared/contract/personal-data';
import { CredentialStore } from '../credential-store/credential-store.port';
import { storedOnce } from '../credential-store/stored-once';
import { Document, DuplicateKeyError } from '../read-store/read-store.port';
import { BoundedMap } from '../../shared/bounded-map';

/** One owner's key: `_id` is the owner (`user-<id>` or `guest-<keyed hash of the e-mail>`), `kid` tells apart a key made again after one was destroyed. */
type OwnerKey = Document & { kid: string; key: string; createdAt: string; destroyed?: true };
type Setting = Document & { value: string };

export const PERSONAL_DATA_KEYS_COLLECTION = 'personal_data_keys';
const GUEST_SALT_SETTING = 'personal-data-guest-salt';

/** `pii1:<owner>:<kid>:<iv, tag and cipher text in base64url>`: a field's value as the log keeps it. */
const PREFIX = 'pii1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How long a key read from the store is trusted here: another instance may destroy it meanwhile (its own destructions are seen at once). */
const CACHE_MS = 30_000;
const CACHE_LIMIT = 20_000;
/** A key missing here is looked up again, but not more often than this (a guest's destroyed key is missing for good). */
const MISS_RECHECK_MS = 1_000;
/**
 * Sealed texts opened (or sealed) lately, with what they hold: an order's events are read again within moments of
 * being written (its process manager, the shared projection reader, the next command on the order), and each
 * opening cost a key look-up, a decipher and a parse. Trusted no longer than the keys themselves (CACHE_MS); a
 * destruction here empties it at once.
 */
const OPENED_LIMIT = 5_000;

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * The keys that seal each person's fields in the log (issue 22, crypto-shredding), kept in the credential store:
 * durable, never in the log, the read models or their backups of the log. A key is made the first time its owner's
 * fields are written, and destroyed when the account closes; a field sealed with a destroyed key reads ERASED, on
 * every read and every rebuild. An account's key is destroyed for good (a tombstone: nothing is sealed for a closed
 * account again); a guest address's key may be made anew for later orders with that address.
 */
export class PersonalDataKeys {
  private readonly cache = new BoundedMap<string, { key: OwnerKey | null; at: number }>(CACHE_LIMIT);
  private readonly opened = new BoundedMap<string, { value: string; at: number }>(OPENED_LIMIT);
  /** Moves at each destruction: an opening or sealing that began before one is not remembered after it. */
  private generation = 0;
  private guestSalt: Promise<string> | null = null;

  constructor(private readonly store: CredentialStore) {}

  private get keys() {
    return this.store.collection<OwnerKey>(PERSONAL_DATA_KEYS_COLLECTION);
  }

  /** The owner's id in the key store: an account's id, or a keyed hash of a guest's address (no address is kept here). */
  async ownerId(owner: PersonalDataOwner): Promise<string> {
    if ('userId' in owner) return `user-${owner.userId}`;
    this.guestSalt ??= storedOnce(this.store.collection<Setting>('settings'), GUEST_SALT_SETTING, () => ({ _id: GUEST_SALT_SETTING, value: randomBytes(32).toString('base64url') })).then(
      (setting) => setting.value,
      (error: unknown) => {
        this.guestSalt = null;
        throw error;
      },
    );
    const salt = await this.guestSalt;
    return `guest-${createHmac('sha256', salt).update(owner.guestEmail.trim().toLowerCase()).digest('base64url')}`;
  }

  /** Seals `value` with the owner's key, making the key if there is none; an account closed for good gets ERASED. */
  async seal(ownerId: string, value: string): Promise<string> {
    const generation = this.generation;
    const key = await this.keyToWrite(ownerId);
    if (key === null) return ERASED;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key.key, 'base64'), iv);
    cipher.setAAD(Buffer.from(`${ownerId}:${key.kid}`));
    const sealed = Buffer.concat([iv, Buffer.alloc(TAG_BYTES), cipher.update(value, 'utf8'), cipher.final()]);
    cipher.getAuthTag().copy(sealed, IV_BYTES);
    const text = `${PREFIX}${ownerId}:${key.kid}:${sealed.toString('base64url')}`;
    this.rememberOpened(text, value, Date.now(), generation);
    return text;
  }

  /** The value a sealed field holds, or ERASED once its key is destroyed (or it was sealed by a key since destroyed). */
  async open(sealed: string): Promise<string> {
    const now = Date.now();
    const known = this.opened.get(sealed);
    if (known && now - known.at < CACHE_MS) return known.value;
    const generation = this.generation;
    const value = await this.decipher(sealed);
    if (value !== ERASED) this.rememberOpened(sealed, value, now, generation);
    return value;
  }

  private async decipher(sealed: string): Promise<string> {
    const [ownerId, kid, payload] = sealed.slice(PREFIX.length).split(':');
    let key = await this.keyOf(ownerId);
    // The field was sealed with a key this process has not seen (another instance made it since): ask the store again.
    if (key === null || key.kid !== kid) key = await this.keyOf(ownerId, MISS_RECHECK_MS);
    if (key === null || key.destroyed || key.kid !== kid || payload === undefined) return ERASED;
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key.key, 'base64'), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`${ownerId}:${kid}`));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return ERASED;
    }
  }

  /** Reads the keys of many owners at once (a page of the log), so that opening its fields costs no round trip each. */
  async prefetch(ownerIds: Iterable<string>): Promise<void> {
    const now = Date.now();
    const missing = [...new Set(ownerIds)].filter((id) => !this.fresh(id, now));
    if (missing.length === 0) return;
    const found = new Map((await this.keys.find({ _id: { $in: missing } })).map((key) => [key._id, key]));
    for (const id of missing) this.remember(id, found.get(id) ?? null, now);
  }

  /**
   * Destroys the keys of these owners: an account's is replaced by a tombstone, a guest address's is deleted.
   * Idempotent, so an interrupted closing can do it again.
   */
  async destroy(ownerIds: readonly string[]): Promise<void> {
    for (const ownerId of ownerIds) {
      if (ownerId.startsWith('user-')) await this.keys.replaceOne({ _id: ownerId, kid: '', key: '', createdAt: new Date().toISOString(), destroyed: true });
      else await this.keys.deleteOne({ _id: ownerId });
      this.cache.delete(ownerId);
    }
    // Rare enough to forget every opened text rather than find the owners' own.
    this.generation++;
    this.opened.clear();
  }

  private async keyToWrite(ownerId: string): Promise<OwnerKey | null> {
    const known = await this.keyOf(ownerId);
    if (known?.destroyed) return null;
    if (known) return known;
    // The read above found none: insert one; of two instances making it at once, the loser reads the winner's.
    const fresh: OwnerKey = { _id: ownerId, kid: randomBytes(6).toString('base64url'), key: randomBytes(32).toString('base64'), createdAt: new Date().toISOString() };
    let made = fresh;
    try {
      await this.keys.insertOne(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      made = (await this.keys.findOne({ _id: ownerId }))!;
    }
    this.remember(ownerId, made, Date.now());
    return made.destroyed ? null : made;
  }

  private async keyOf(ownerId: string, trustFor = CACHE_MS): Promise<OwnerKey | null> {
    const now = Date.now();
    const cached = this.fresh(ownerId, now, trustFor);
    if (cached) return cached.key;
    const key = await this.keys.findOne({ _id: ownerId });
    this.remember(ownerId, key, now);
    return key;
  }

  private fresh(ownerId: string, now: number, trustFor = CACHE_MS): { key: OwnerKey | null } | undefined {
    const cached = this.cache.get(ownerId);
    return cached && now - cached.at < trustFor ? cached : undefined;
  }

  private rememberOpened(sealed: string, value: string, at: number, generation: number): void {
    if (generation !== this.generation) return;
    this.opened.set(sealed, { value, at });
  }

  private remember(ownerId: string, key: OwnerKey | null, at: number): void {
    this.cache.set(ownerId, { key, at });
  }
}
