/**
 * Institution verification before shipping (VERIFY_BEFORE_SHIPPING, on by default): an order leaves the shop only
 * once its buyer's institution verification is approved. What the order's buyer stands at, as the ship and status
 * commands are told it (the customers context keeps the verifications): `not-required` when the shop does not ask,
 * else the account's verification (`none`: never submitted; a guest order's buyer has no account to verify).
 */
export type BuyerVerificationStanding = 'not-required' | 'none' | 'submitted' | 'approved' | 'rejected';

/** Why the order cannot ship (409), in words staff read on the Orders tab; null when it may. */
export function shippingVerificationRefusal(orderId: number, guest: boolean, standing: BuyerVerificationStanding): string | null {
  if (standing === 'not-required' || standing === 'approved') return null;
  const prefix = `Order ${orderId} cannot ship yet: its buyer has not verified their institution`;
  if (guest) return `${prefix} (a guest order: the buyer must sign up with the order's e-mail address, claim the order and submit their verification)`;
  if (standing === 'submitted') return `${prefix} (their verification is waiting for review under Customers → Verifications)`;
  if (standing === 'rejected') return `${prefix} (their verification was rejected; they may submit a new one)`;
  return `${prefix} (no verification submitted yet; the buyer was asked to submit one from their account)`;
}
