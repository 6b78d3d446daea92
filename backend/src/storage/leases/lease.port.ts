/**
 * One owner at a time for each piece of background work (a projector, a supervisor, a chain watcher, a
 * sweep): a lease names its holder, expires unless renewed, and carries a fencing token that grows each
 * time the lease changes hands, so a write made by an instance that lost its lease can be refused
 * (Kleppmann, "How to do distributed locking").
 */
export interface LeaseGrant {
  name: string;
  owner: string;
  /** Grows by one every time another owner takes the lease; the same while one owner renews it. */
  token: number;
  /** When the lease lapses unless renewed, in ms since the epoch. */
  expiresAt: number;
}

export interface LeaseStore {
  /**
   * Takes the lease for `owner` when nobody holds it or its holder let it lapse (with a new, higher
   * token), or extends it when `owner` holds it (same token); null when another owner holds it.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null>;
  /** Gives the lease up at once (a clean shutdown), if `owner` still holds it with `token`. */
  release(name: string, owner: string, token: number): Promise<void>;
  /** Every lease and its holder, for the readiness endpoint and metrics. */
  list(): Promise<LeaseGrant[]>;
  /** True when several processes share the store (they must coordinate); false for one process's embedded store. */
  readonly shared: boolean;
}

export const LEASE_STORE = Symbol('LEASE_STORE');
