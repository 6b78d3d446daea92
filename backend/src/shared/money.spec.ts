import { formatCents, isDecimalAmount, normaliseAmount, parseCents } from './money';

describe('money', () => {
  it('parses decimal strings into exact cents', () => {
    expect(parseCents('49.99')).toBe(4999);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('100')).toBe(10000);
    expect(parseCents('0.07')).toBe(7);
  });

  it('adds amounts without floating-point drift', () => {
    expect(formatCents(parseCents('0.10') + parseCents('0.20'))).toBe('0.30');
  });

  it('formats cents with two decimals', () => {
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1234.56');
    expect(normaliseAmount('49.9')).toBe('49.90');
  });

  it('rejects anything that is not a plain non-negative amount with at most two decimals', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', ' 1', '1,50']) expect(isDecimalAmount(bad)).toBe(false);
    expect(() => parseCents('1.234')).toThrow();
    expect(() => formatCents(1.5)).toThrow();
  });
});
