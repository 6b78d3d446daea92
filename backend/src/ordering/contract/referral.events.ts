import { DomainEvent } from '../../shared/contract/domain-event';

export type ReferralCodeCreated = DomainEvent<'ReferralCodeCreated', { code: string; discountPercentage: number }>;
export type ReferralCodeDeactivated = DomainEvent<'ReferralCodeDeactivated', { code: string }>;

export type ReferralEvent = ReferralCodeCreated | ReferralCodeDeactivated;

/** Codes are case-insensitive: the stream is named after the upper-case form. */
export const normaliseReferralCode = (code: string) => code.trim().toUpperCase();
export const referralStream = (code: string) => `referral-${normaliseReferralCode(code)}`;
