import { gstIncluded, gstIncludedCents } from './gst';

describe('GST included in a total (issue 22)', () => {
  it('is one eleventh, rounded to the nearest cent with half a cent up', () => {
    expect(gstIncluded('110.00')).toBe('10.00');
    expect(gstIncluded('144.00')).toBe('13.09'); // 13.0909…
    expect(gstIncluded('0.00')).toBe('0.00');
    expect(gstIncludedCents(5)).toBe(0); // 0.4545… cents
    expect(gstIncludedCents(6)).toBe(1); // 0.5454… cents
    expect(gstIncludedCents(11 * 7 + 5)).toBe(7); // 7.4545… cents
    expect(gstIncludedCents(11 * 7 + 6)).toBe(8); // 7.5454… cents
  });

  it('never uses floating point: large totals stay exact', () => {
    expect(gstIncluded('999999999.99')).toBe('90909090.91');
  });
});
