import { Collection, Document, DuplicateKeyError } from '../read-store/read-store.port';
import { LeaseGrant, LeaseStore } from './lease.port';

type LeaseDocument = Document & { owner: string; token: number; expiresAt: number };

/** Rounds of read and compare-and-set before giving up on a lease that keeps changing hands (it is someone else's then). */
const ATTEMPTS = 3;

/**
 * Leases as documents of the durable store (the credential store's SQLite file, PostgreSQL schema or
 * MongoDB database), changed only by compare-and-set on (owner, token): every adapter of the document
 * port makes an update with equality conditions atomic, so two instances cannot both take a lapsed
 * lease. Expiry is judged by each instance's clock: instances are expected to keep time (NTP), and the
 * holder stops acting well before its lease lapses (LeaseKeeper's margin), so a drift of a second or two
 * between machines cannot give a lease to two holders at once.
 */
export class DocumentLeaseStore implements LeaseStore {
  constructor(
    private readonly leases: Collection<LeaseDocument>,
    readonly shared: boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const now = this.clock();
      const expiresAt = now + ttlMs;
      const current = await this.leases.findOne({ _id: name });
      if (!current) {
        try {
          await this.leases.insertOne({ _id: name, owner, token: 1, expiresAt });
          return { name, owner, token: 1, expiresAt };
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
      }
      // Ours (even if it lapsed: nobody took it meanwhile, so nobody else has written with a newer token).
      if (current.owner === owner) {
        const { matchedCount } = await this.leases.updateOne({ _id: name, owner, token: current.token }, { $set: { expiresAt } });
        if (matchedCount === 1) return { name, owner, token: current.token, expiresAt };
        continue;
      }
      if (current.expiresAt > now) return null;
      const token = current.token + 1;
      const { matchedCount } = await this.leases.updateOne({ _id: name, owner: current.owner, token: current.token }, { $set: { owner, token, expiresAt } });
      if (matchedCount === 1) return { name, owner, token, expiresAt };
    }
    return null;
  }

  async release(name: string, owner: string, token: number): Promise<void> {
    await this.leases.updateOne({ _id: name, owner, token }, { $set: { expiresAt: 0 } });
  }

  async list(): Promise<LeaseGrant[]> {
    return (await this.leases.find({}, { sort: { _id: 1 } })).map(({ _id, owner, token, expiresAt }) => ({ name: _id, owner, token, expiresAt }));
  }
}

export const LEASES_COLLECTION = 'leases';
