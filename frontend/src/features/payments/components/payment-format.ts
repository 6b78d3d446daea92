import { SETTLEMENT_STATES, SettlementState } from '../../../../../backend/src/payments/contract/payment-settlement';
import type { Payment } from '../../../api/types';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { capitalise } from '../../../lib/admin-format';

type Quoted = Pick<Payment, 'cryptoAmount' | 'cryptoAmountUnits' | 'coin'>;

/** A decimal string as an integer and its count of decimals: "0.0123" -> 123n, 4. */
function scaled(decimal: string): { digits: bigint; decimals: number } {
  const [whole, fraction = ''] = decimal.split('.');
  return { digits: BigInt(whole + fraction), decimals: fraction.length };
}

/**
 * Decimals of the payment's smallest unit, read from its own quote (the amount in the coin and in
 * units name one value): 18 for wei, 8 for satoshi, 6 for token units. Null when the quote cannot say.
 */
export function unitDecimals({ cryptoAmount, cryptoAmountUnits }: Quoted): number | null {
  if (cryptoAmountUnits === null) return null;
  const amount = scaled(cryptoAmount);
  const units = BigInt(cryptoAmountUnits);
  if (amount.digits === 0n || units % amount.digits !== 0n) return null;
  let ratio = units / amount.digits;
  let decimals = amount.decimals;
  while (ratio > 1n && ratio % 10n === 0n) {
    ratio /= 10n;
    decimals += 1;
  }
  return ratio === 1n ? decimals : null;
}

/** An amount in smallest units as the coin shows it, without trailing zeros: "12300000000000000" -> "0.0123 ETH". */
export function formatUnits(payment: Quoted, units: string): string {
  const decimals = unitDecimals(payment);
  if (decimals === null) return `${units} units`;
  const text = units.padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ${payment.coin}`;
}

/** The quote's locked rate, the order total over the crypto amount, to the cent: "A$4,296.00 per ETH". */
export function quotedRate(payment: Quoted & Pick<Payment, 'amount'>): string | null {
  const { digits, decimals } = scaled(payment.cryptoAmount);
  if (digits === 0n) return null;
  const numerator = BigInt(toCents(payment.amount)) * 10n ** BigInt(decimals);
  const cents = (2n * numerator + digits) / (2n * digits);
  return `${formatAud(Number(cents))} per ${payment.coin}`;
}

export type SettlementFilter = SettlementState | 'all';

/** The Payments tab's filters: every payment, then one chip per settlement state. */
export const SETTLEMENT_FILTERS: readonly SettlementFilter[] = ['all', ...SETTLEMENT_STATES];

export const settlementLabel = (state: SettlementFilter): string => (state === 'all' ? 'All' : capitalise(state));

/**
 * Whether a payment's row names its settlement beside its status: what the chain shows when it says more
 * than the status does (on its way, short, too much, late), and a pending quote whose time is up.
 */
export function showsSettlement(payment: Pick<Payment, 'status' | 'settlement'>): boolean {
  const { state } = payment.settlement;
  if (state === 'expired') return payment.status === 'pending';
  return state === 'detected' || state === 'underpaid' || state === 'overpaid' || state === 'late';
}
