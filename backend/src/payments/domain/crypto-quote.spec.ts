import { medianPrice, quoteCryptoAmount, SMALLEST_UNIT_DECIMALS, toSmallestUnit } from './crypto-quote';

describe('crypto quote', () => {
  it('converts an AUD total at 0.65 USD per AUD into coin amounts with the displayed decimals', () => {
    // 200 AUD x 0.65 = 130 USD; 130 / 112611 = 0.00115441... BTC
    expect(quoteCryptoAmount('200.00', '0.65', '112611', 6)).toBe('0.001154');
    // 130 / 4296 = 0.0302607... ETH
    expect(quoteCryptoAmount('200.00', '0.65', '4296', 4)).toBe('0.0303');
    expect(quoteCryptoAmount('200.00', '0.65', '1', 2)).toBe('130.00');
    // 130 / 0.9999 = 130.013001...
    expect(quoteCryptoAmount('200.00', '0.65', '0.9999', 2)).toBe('130.01');
  });

  it('quotes PromptPay in baht at USD 0.0286 per baht, to the satang', () => {
    // 100 AUD x 0.65 = 65 USD; 65 / 0.0286 = 2272.7272... THB
    expect(quoteCryptoAmount('100.00', '0.65', '0.0286', 2)).toBe('2272.73');
    // 210 x 0.65 = 136.5; 136.5 / 0.0286 = 4772.7272...
    expect(quoteCryptoAmount('210.00', '0.65', '0.0286', 2)).toBe('4772.73');
    // 0.01 x 0.65 / 0.0286 = 0.22727...: the half-up rounding works on integers, not on a float's 0.2272999...
    expect(quoteCryptoAmount('0.01', '0.65', '0.0286', 2)).toBe('0.23');
    expect(toSmallestUnit('2272.73', SMALLEST_UNIT_DECIMALS.promptpay)).toBe('227273');
  });

  it('rounds half up on exact integers', () => {
    // 10.01 x 0.65 = 6.5065 -> 6.51
    expect(quoteCryptoAmount('10.01', '0.65', '1', 2)).toBe('6.51');
    expect(quoteCryptoAmount('0.01', '0.65', '112611', 6)).toBe('0.000000');
  });

  it('expresses an amount in the smallest unit without floating point', () => {
    expect(toSmallestUnit('0.0303', 18)).toBe('30300000000000000');
    expect(toSmallestUnit('130.01', 6)).toBe('130010000');
    expect(() => toSmallestUnit('0.1234567', 6)).toThrow();
  });

  it('expresses each method\'s amount in satoshi, wei or 6-decimal token units', () => {
    expect(toSmallestUnit('0.001212', SMALLEST_UNIT_DECIMALS.bitcoin)).toBe('121200');
    expect(toSmallestUnit('0.0318', SMALLEST_UNIT_DECIMALS.ethereum)).toBe('31800000000000000');
    expect(toSmallestUnit('136.51', SMALLEST_UNIT_DECIMALS.usdc)).toBe('136510000');
    expect(toSmallestUnit('136.51', SMALLEST_UNIT_DECIMALS['usdt-trc20'])).toBe('136510000');
  });

  it('takes the median of exchange prices exactly, halfway between the middle two of an even count', () => {
    expect(medianPrice(['112640', '112598.10000', '112611.005'])).toBe('112611.005');
    expect(medianPrice(['0.65120', '0.6508'])).toBe('0.651');
    expect(medianPrice(['112611.005', '112640'])).toBe('112625.5025');
    expect(medianPrice(['1', '2'])).toBe('1.5');
    expect(medianPrice(['4296'])).toBe('4296');
    expect(medianPrice(['0.99990000', '1.00010000', '1.00006', '0.9999'])).toBe('0.99998');
    expect(() => medianPrice([])).toThrow();
  });
});
