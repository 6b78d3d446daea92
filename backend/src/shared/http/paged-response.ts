import type { Response } from 'express';
import { Page, PAGE_HEADER, PAGE_SIZE_HEADER, TOTAL_COUNT_HEADER, TOTAL_IS_LOWER_BOUND_HEADER } from '../contract/paging';

/** Says how many match and which page this is, in headers beside the page's items (the answer's body). */
export function pageHeaders<T>(response: Response, page: Page<T>): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  response.setHeader(TOTAL_IS_LOWER_BOUND_HEADER, String(page.totalIsLowerBound));
  response.setHeader(PAGE_HEADER, String(page.page));
  response.setHeader(PAGE_SIZE_HEADER, String(page.pageSize));
  return page.items;
}
