import { CryptoPaymentMethod } from '../../ordering/contract/checkout-rules';

/** Decimals of each method's smallest unit: satoshi, wei, the 6-decimal units of USDT and USDC on both chains, and PromptPay's satang. */
export const SMALLEST_UNIT_DECIMALS: Record<CryptoPaymentMethod, number> = {
  bitcoin: 8,
  ethereum: 18,
  'usdt-erc20': 6,
  usdc: 6,
  'usdt-trc20': 6,
  promptpay: 2,
};

/**
 * Exact quoted amounts (a coin, or baht for PromptPay): AUD total x USD per AUD / price, rounded half up to the
 * displayed decimals, computed on integers (BigInt) from decimal strings.
 */
export function quoteCryptoAmount(totalAud: string, usdPerAud: string, coinPriceUsd: string, decimals: number): string {
  const total = toFraction(totalAud);
  const rate = toFraction(usdPerAud);
  const price = toFraction(coinPriceUsd);
  if (price.numerator === 0n) throw new Error('A coin price must be above zero');
  const scale = 10n ** BigInt(decimals);
  const numerator = total.numerator * rate.numerator * price.denominator * scale;
  const denominator = total.denominator * rate.denominator * price.numerator;
  const units = (2n * numerator + denominator) / (2n * denominator);
  return formatUnits(units, decimals);
}

/** A decimal string in the coin's smallest unit, e.g. ("0.0123", 18) -> "12300000000000000". */
export function toSmallestUnit(amount: string, decimals: number): string {
  const { numerator, denominator } = toFraction(amount);
  const scaled = numerator * 10n ** BigInt(decimals);
  if (scaled % denominator !== 0n) throw new Error(`${amount} has more than ${decimals} decimals`);
  return (scaled / denominator).toString();
}

/** An integer string of smallest units as a decimal amount without trailing zeros, e.g. ("12300000000000000", 18) -> "0.0123". */
export function fromSmallestUnit(units: string, decimals: number): string {
  return formatUnits(BigInt(units), decimals).replace(/\.?0+$/, '') || '0';
}

/**
 * The median of prices given as decimal strings, exactly: the middle one, or halfway between the
 * two middle ones (which may take one more decimal), without trailing zeros.
 */
export function medianPrice(prices: string[]): string {
  if (prices.length === 0) throw new Error('The median of no prices');
  const scale = Math.max(...prices.map((price) => (toFraction(price).denominator.toString().length - 1))) + 1;
  const scaled = prices.map((price) => toUnits(price, scale)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(scaled.length / 2);
  const median = scaled.length % 2 === 1 ? scaled[middle] : (scaled[middle - 1] + scaled[middle]) / 2n;
  return formatUnits(median, scale).replace(/\.?0+$/, '');
}

function toUnits(decimal: string, decimals: number): bigint {
  const { numerator, denominator } = toFraction(decimal);
  return (numerator * 10n ** BigInt(decimals)) / denominator;
}

function toFraction(decimal: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new Error(`Not a decimal number: ${decimal}`);
  const fraction = match[2] ?? '';
  return { numerator: BigInt(match[1] + fraction), denominator: 10n ** BigInt(fraction.length) };
}

function formatUnits(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const digits = units.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
