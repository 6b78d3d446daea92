import type { Payment } from '../../../api/types';

/**
 * Where the shopper's payment stands, from the polled payment and the clock:
 * - `awaiting`: nothing seen yet, the quote still holds (also every manual payment until an admin decides);
 * - `expired`: nothing seen and the quote's time is up: a new quote is needed;
 * - `detected`: transfers on their way to the confirmations the coin needs;
 * - `underpaid`: confirmed transfers short of the amount: the rest is still due at the locked rate;
 * - `late`: the first transfer came after the quote expired: the store reviews it;
 * - `confirmed` / `failed`: settled (an overpayment is confirmed too, and says so).
 */
export type PaymentProgress = 'awaiting' | 'expired' | 'detected' | 'underpaid' | 'late' | 'confirmed' | 'failed';

export function paymentProgress(payment: Payment, now: number): PaymentProgress {
  if (payment.status === 'confirmed') return 'confirmed';
  if (payment.status === 'failed') return 'failed';
  const { state } = payment.settlement;
  const quoteOver = state === 'expired' || now >= new Date(payment.expiresAt).getTime();
  if (!payment.watched || state === 'awaiting' || state === 'expired') return quoteOver ? 'expired' : 'awaiting';
  if (state === 'underpaid' || state === 'late') return state;
  // `confirmed` or `overpaid` while the status is still pending: the settlement is finishing, the chain has spoken.
  return 'detected';
}

/** Whether the chain has paid more than the quote (the store contacts the shopper about the excess). */
export const overpaid = (payment: Payment): boolean => payment.settlement.overpaidUnits !== '0';

/** n of N confirmations so far, counting the least confirmed transfer; n never shows above N. */
export function confirmationCount(payment: Payment): { seen: number; required: number } {
  const required = payment.settlement.confirmationsRequired ?? 1;
  return { seen: Math.min(payment.settlement.confirmations ?? 0, required), required };
}

/**
 * What moves the payment forward: a new state, more received, more confirmations. Each step restarts
 * the 10-minute polling window (spec §9), so a payment on its way is followed until it settles.
 */
export function progressKey(payment: Payment): string {
  const { state, receivedUnits, confirmations } = payment.settlement;
  return `${payment.status}:${state}:${receivedUnits}:${confirmations ?? ''}`;
}
