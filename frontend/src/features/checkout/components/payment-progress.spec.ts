import type { Payment } from '../../../api/types';
import { confirmationCount, paymentProgress, progressKey } from './payment-progress';

const QUOTED_AT = Date.parse('2026-01-01T10:00:00Z');
const EXPIRES_AT = '2026-01-01T10:15:00Z';
const BEFORE_EXPIRY = QUOTED_AT + 60_000;
const AFTER_EXPIRY = Date.parse(EXPIRES_AT) + 1;

function payment(settlement: Partial<Payment['settlement']>, rest: Partial<Payment> = {}): Payment {
  return {
    status: 'pending',
    watched: true,
    expiresAt: EXPIRES_AT,
    settlement: { state: 'awaiting', receivedUnits: '0', confirmedUnits: '0', amountDueUnits: '100', overpaidUnits: '0', confirmations: null, confirmationsRequired: 12, ...settlement },
    ...rest,
  } as Payment;
}

describe("the shopper's payment progress", () => {
  it('waits while the quote holds, and asks for a new quote once it expired with nothing seen', () => {
    expect(paymentProgress(payment({}), BEFORE_EXPIRY)).toBe('awaiting');
    expect(paymentProgress(payment({}), AFTER_EXPIRY)).toBe('expired');
    expect(paymentProgress(payment({ state: 'expired' }), BEFORE_EXPIRY)).toBe('expired');
  });

  it('follows a watched payment on the chain whatever the clock: detected, underpaid, late', () => {
    expect(paymentProgress(payment({ state: 'detected', confirmations: 3 }), AFTER_EXPIRY)).toBe('detected');
    expect(paymentProgress(payment({ state: 'underpaid' }), AFTER_EXPIRY)).toBe('underpaid');
    expect(paymentProgress(payment({ state: 'late' }), AFTER_EXPIRY)).toBe('late');
    // Paid on the chain, the settlement still finishing: still on its way for the shopper.
    expect(paymentProgress(payment({ state: 'overpaid' }), BEFORE_EXPIRY)).toBe('detected');
  });

  it('keeps a manual payment waiting for an administrator, and settles on the status', () => {
    expect(paymentProgress(payment({}, { watched: false }), BEFORE_EXPIRY)).toBe('awaiting');
    expect(paymentProgress(payment({}, { watched: false }), AFTER_EXPIRY)).toBe('expired');
    expect(paymentProgress(payment({ state: 'underpaid' }, { status: 'confirmed' }), AFTER_EXPIRY)).toBe('confirmed');
    expect(paymentProgress(payment({}, { status: 'failed' }), BEFORE_EXPIRY)).toBe('failed');
  });

  it('counts confirmations n of N, never above N, and moves on with each step', () => {
    expect(confirmationCount(payment({ confirmations: null }))).toEqual({ seen: 0, required: 12 });
    expect(confirmationCount(payment({ confirmations: 20 }))).toEqual({ seen: 12, required: 12 });
    expect(progressKey(payment({ state: 'detected', confirmations: 1 }))).not.toBe(progressKey(payment({ state: 'detected', confirmations: 2 })));
  });
});
