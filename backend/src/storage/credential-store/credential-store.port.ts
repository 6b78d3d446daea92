import { ReadStore } from '../read-store/read-store.port';

/**
 * Password hashes, sessions, rate-limit counters, the session secret and the outbox of e-mails: state the log cannot rebuild,
 * kept apart from the read models (its own SQLite file, or its own MongoDB database) so that no
 * rebuild or loss of a read model can touch it. Same document semantics and adapters as the read store.
 */
export type CredentialStore = ReadStore;

export const CREDENTIAL_STORE = Symbol('CREDENTIAL_STORE');
