import { countOf, formatTotal, lastPageOf, nextPageOf, spansPages } from './paging';

const page = (at: number, shown: number, total: number, totalIsLowerBound = false) => ({
  items: Array.from({ length: shown }, (_, index) => index),
  total,
  totalIsLowerBound,
  page: at,
  pageSize: 50,
});

describe('paging a list the server counts', () => {
  it('ends at the last page the total allows', () => {
    expect(lastPageOf(page(1, 50, 1234))).toBe(25);
    expect(lastPageOf(page(1, 0, 0))).toBe(1);
    expect(nextPageOf(page(1, 50, 60))).toBe(2);
    expect(nextPageOf(page(2, 10, 60))).toBeUndefined();
    expect(nextPageOf(page(1, 50, 50))).toBeUndefined();
  });

  it('goes on past a total that is only a lower bound while pages come back full', () => {
    expect(nextPageOf(page(200, 50, 10_000, true))).toBe(201);
    expect(nextPageOf(page(201, 12, 10_000, true))).toBeUndefined();
  });

  it('shows a pager only for a list of more than one page', () => {
    expect(spansPages(page(1, 3, 3))).toBe(false);
    expect(spansPages(page(1, 50, 51))).toBe(true);
    expect(spansPages(page(2, 0, 3))).toBe(true);
  });

  it('writes totals as people read them, with a + where counting stopped', () => {
    expect(formatTotal(page(1, 50, 1234))).toBe('1,234');
    expect(formatTotal(page(1, 50, 10_000, true))).toBe('10,000+');
    expect(countOf(page(1, 1, 1), 'case', 'cases')).toBe('1 case');
    expect(countOf(page(1, 0, 0), 'case', 'cases')).toBe('0 cases');
    expect(countOf(page(1, 50, 10_000, true), 'case', 'cases')).toBe('10,000+ cases');
  });
});
