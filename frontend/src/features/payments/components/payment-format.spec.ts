import { formatUnits, quotedRate, showsSettlement, unitDecimals } from './payment-format';

const ether = { cryptoAmount: '0.0123', cryptoAmountUnits: '12300000000000000', coin: 'ETH', amount: '81.30' };
const usdc = { cryptoAmount: '52.00', cryptoAmountUnits: '52000000', coin: 'USDC', amount: '80.00' };
const bitcoin = { cryptoAmount: '0.000500', cryptoAmountUnits: '50000', coin: 'BTC', amount: '86.00' };

describe('payment amounts in the back office', () => {
  it('reads the smallest unit of a payment from its own quote: wei, token units, satoshi', () => {
    expect(unitDecimals(ether)).toBe(18);
    expect(unitDecimals(usdc)).toBe(6);
    expect(unitDecimals(bitcoin)).toBe(8);
    expect(unitDecimals({ ...ether, cryptoAmountUnits: null })).toBeNull();
    expect(unitDecimals({ ...ether, cryptoAmount: '0' })).toBeNull();
  });

  it('shows transfer amounts in the coin, exactly, without trailing zeros', () => {
    expect(formatUnits(ether, '12300000000000000')).toBe('0.0123 ETH');
    expect(formatUnits(ether, '1')).toBe('0.000000000000000001 ETH');
    expect(formatUnits(usdc, '26000000')).toBe('26 USDC');
    expect(formatUnits(usdc, '0')).toBe('0 USDC');
    expect(formatUnits(bitcoin, '123456789')).toBe('1.23456789 BTC');
    expect(formatUnits({ ...ether, cryptoAmountUnits: null }, '5')).toBe('5 units');
  });

  it('gives the locked rate as the order total over the crypto amount, rounded to the cent', () => {
    expect(quotedRate(usdc)).toBe('A$1.54 per USDC');
    expect(quotedRate({ ...ether, amount: '100.00', cryptoAmount: '0.0300' })).toBe('A$3,333.33 per ETH');
    expect(quotedRate({ ...ether, cryptoAmount: '0.0000' })).toBeNull();
  });

  it('names the settlement beside the status only when it says more', () => {
    const settlement = (state: string) => ({ state }) as never;
    expect(showsSettlement({ status: 'pending', settlement: settlement('awaiting') })).toBe(false);
    expect(showsSettlement({ status: 'pending', settlement: settlement('underpaid') })).toBe(true);
    expect(showsSettlement({ status: 'confirmed', settlement: settlement('overpaid') })).toBe(true);
    expect(showsSettlement({ status: 'confirmed', settlement: settlement('confirmed') })).toBe(false);
    expect(showsSettlement({ status: 'pending', settlement: settlement('expired') })).toBe(true);
    expect(showsSettlement({ status: 'failed', settlement: settlement('expired') })).toBe(false);
  });
});
