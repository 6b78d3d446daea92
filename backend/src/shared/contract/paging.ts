/**
 * Lists that grow with the business (orders, payments, the audit log, support cases, reviews, the
 * outbox) are answered a page at a time, sorted and filtered by the server. The page is the answer's
 * body (the spec's array where it asks for one); how many match is in headers, so clients that read
 * only the array keep working.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** The deepest page a client may ask for: past it, narrow the filters (a date range, a status). */
export const MAX_PAGE = 10_000;
/**
 * A filtered list is counted no further than this (an index range costs what it covers): the total
 * then says "more than" instead of scanning a history to answer a number nobody reads exactly.
 */
export const COUNT_LIMIT = 10_000;

/** How many match the filters in all (or at least, see TOTAL_IS_LOWER_BOUND_HEADER). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** `true` when the list was counted only up to COUNT_LIMIT and more match. */
export const TOTAL_IS_LOWER_BOUND_HEADER = 'X-Total-Count-Is-Lower-Bound';
export const PAGE_HEADER = 'X-Page';
export const PAGE_SIZE_HEADER = 'X-Page-Size';

/** Which page of a list, and how long a page is (parsed from a request by pageQuerySchema in paging-input.ts). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** One page of a list: its items, and how many match in all (`totalIsLowerBound`: at least that many). */
export interface Page<T> {
  items: T[];
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
}
