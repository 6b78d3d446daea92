import { Cents } from './money';

/** Storefront spec §9: display currencies with their rate per 1 AUD. */
export const CURRENCIES = [
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', rate: 1, decimals: 2 },
  { code: 'THB', name: 'Thai Baht', symbol: '฿', rate: 21.2, decimals: 0 },
  { code: 'USD', name: 'US Dollar', symbol: '$', rate: 0.65, decimals: 2 },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', rate: 0.0000055, decimals: 8 },
  { code: 'ETH', name: 'Ethereum', symbol: 'Ξ', rate: 0.000144, decimals: 6 },
  { code: 'USDT', name: 'Tether', symbol: '₮', rate: 0.65, decimals: 2 },
  { code: 'USDC', name: 'USD Coin', symbol: '$', rate: 0.65, decimals: 2 },
] as const;

export type Currency = (typeof CURRENCIES)[number];
export type CurrencyCode = Currency['code'];
export const DEFAULT_CURRENCY: Currency = CURRENCIES[0];

export function findCurrency(code: string | null | undefined): Currency | undefined {
  return CURRENCIES.find((currency) => currency.code === code);
}

/** An AUD amount in cents shown in the chosen currency: THB as a grouped whole number, crypto with its decimals. */
export function formatInCurrency(cents: Cents, currency: Currency): string {
  const converted = (cents / 100) * currency.rate;
  const number = converted.toLocaleString('en-AU', {
    minimumFractionDigits: currency.decimals,
    maximumFractionDigits: currency.decimals,
    useGrouping: currency.decimals <= 2,
  });
  return `${currency.symbol}${number}`;
}

/** Checkout and order amounts are always Australian dollars, whatever the display currency. */
export function formatAud(cents: Cents): string {
  return formatInCurrency(cents, DEFAULT_CURRENCY);
}

/** A baht amount quoted to the satang (a PromptPay payment's decimal string, never a float) with its sign: "2272.73" -> "฿2,272.73". */
export function formatBaht(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `฿${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/** A quoted amount as the shopper reads it: baht with its sign (PromptPay), a coin amount with the coin after it. */
export function formatQuoted(amount: string, coin: string): string {
  return coin === 'THB' ? formatBaht(amount) : `${amount} ${coin}`;
}
