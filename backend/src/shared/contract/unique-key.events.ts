import { DomainEvent } from './domain-event';

/** A unique key (a SKU, an e-mail) held by one owner; the stream of the key must not exist yet to claim it first. */
export type UniqueKeyClaimed = DomainEvent<'UniqueKeyClaimed', { key: string; ownerId: string; claimedAt: string }>;
export type UniqueKeyReleased = DomainEvent<'UniqueKeyReleased', { key: string; ownerId: string; reason: string }>;

export type UniqueKeyEvent = UniqueKeyClaimed | UniqueKeyReleased;
