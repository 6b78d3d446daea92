/**
 * The payments context's time for the chain watch: when a transfer was seen (after the quote's expiry it is
 * late) and which payments are still watched. One instance per app, so a test replaces `now` of its own app
 * only (`jest.spyOn(clock, 'now')`).
 */
export interface PaymentsClock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const PAYMENTS_CLOCK = Symbol('PAYMENTS_CLOCK');

export const paymentsClockProvider = { provide: PAYMENTS_CLOCK, useFactory: (): PaymentsClock => ({ now: () => Date.now() }) };
