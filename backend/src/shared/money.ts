/**
 * The one money type: an integer number of cents. Prices travel as decimal strings
 * ("49.90") and are parsed exactly, never through floating point arithmetic.
 */
export type Cents = number;

const DECIMAL_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export function isDecimalAmount(value: string): boolean {
  return DECIMAL_AMOUNT.test(value);
}

export function parseCents(amount: string): Cents {
  const match = DECIMAL_AMOUNT.exec(amount);
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const [, whole, fraction = ''] = match;
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.padEnd(2, '0'), 10);
}

export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount of cents: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** Normalises "49.9" to "49.90" so that equal prices are equal strings. */
export function normaliseAmount(amount: string): string {
  return formatCents(parseCents(amount));
}
