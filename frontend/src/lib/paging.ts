import { MAX_PAGE, Page } from '../../../backend/src/shared/contract/paging';

/** The last page there is (at least, when the total is a lower bound). */
export const lastPageOf = ({ total, pageSize }: Pick<Page<unknown>, 'total' | 'pageSize'>): number => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/**
 * The page after this one, or undefined at the end: a counted list ends at its last page; one
 * counted only up to a limit goes on while its pages come back full.
 */
export function nextPageOf(list: Page<unknown>): number | undefined {
  if (list.page >= MAX_PAGE) return undefined;
  const more = list.page < lastPageOf(list) || (list.totalIsLowerBound && list.items.length === list.pageSize);
  return more ? list.page + 1 : undefined;
}

/** More than one page: where a short list shows no pager at all. */
export const spansPages = (list: Page<unknown>): boolean => list.page > 1 || nextPageOf(list) !== undefined;

export const formatCount = (value: number): string => value.toLocaleString('en-AU');

/** How many match, as people read it: "1,234", or "10,000+" when the server stopped counting. */
export const formatTotal = ({ total, totalIsLowerBound }: Pick<Page<unknown>, 'total' | 'totalIsLowerBound'>): string => `${formatCount(total)}${totalIsLowerBound ? '+' : ''}`;

/** "1 case", "3 cases", "10,000+ cases". */
export const countOf = (list: Pick<Page<unknown>, 'total' | 'totalIsLowerBound'>, one: string, many: string): string =>
  `${formatTotal(list)} ${list.total === 1 && !list.totalIsLowerBound ? one : many}`;
