import { DomainEvent } from '../../shared/contract/domain-event';

export type Role = 'admin' | 'customer';

/** No password or token ever enters the log: the hash lives in the credentials store, keyed by userId. */
export type UserRegistered = DomainEvent<'UserRegistered', { userId: string; email: string; fullName: string; role: Role }>;
export type RoleGranted = DomainEvent<'RoleGranted', { userId: string; role: Role }>;

export type UserEvent = UserRegistered | RoleGranted;

export const userStream = (userId: string) => `user-${userId}`;
