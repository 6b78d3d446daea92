import { CURRENCIES, findCurrency, formatAud, formatBaht, formatInCurrency, formatQuoted } from './currencies';
import { centsToDecimal, effectivePriceCents, toCents } from './money';

const currency = (code: string) => findCurrency(code)!;

describe('storefront money', () => {
  it('reads decimal prices as whole cents so that totals add up exactly', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(30);
    expect(toCents('189')).toBe(18900);
    expect(toCents('12.5')).toBe(1250);
    expect(centsToDecimal(30)).toBe('0.30');
  });

  it('uses the sale price only when the product is on sale and has one', () => {
    expect(effectivePriceCents({ price: '65.00', salePrice: '52.00', isOnSale: true })).toBe(5200);
    expect(effectivePriceCents({ price: '65.00', salePrice: '52.00', isOnSale: false })).toBe(6500);
    expect(effectivePriceCents({ price: '65.00', salePrice: null, isOnSale: true })).toBe(6500);
  });

  it('formats every display currency with its symbol, rate and decimals', () => {
    expect(formatAud(18900)).toBe('A$189.00');
    expect(formatInCurrency(100000, currency('THB'))).toBe('฿21,200');
    expect(formatInCurrency(10000, currency('USD'))).toBe('$65.00');
    expect(formatInCurrency(10000, currency('BTC'))).toBe('₿0.00055000');
    expect(formatInCurrency(10000, currency('ETH'))).toBe('Ξ0.014400');
    expect(CURRENCIES.map((c) => c.code)).toEqual(['AUD', 'THB', 'USD', 'BTC', 'ETH', 'USDT', 'USDC']);
  });

  it('shows a PromptPay amount in baht to the satang, grouped, from its decimal string', () => {
    expect(formatBaht('2272.73')).toBe('฿2,272.73');
    expect(formatBaht('1234567.5')).toBe('฿1,234,567.50');
    expect(formatBaht('0.23')).toBe('฿0.23');
    expect(formatQuoted('500.00', 'THB')).toBe('฿500.00');
    expect(formatQuoted('0.001212', 'BTC')).toBe('0.001212 BTC');
  });
});
