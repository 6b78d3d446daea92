import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import '../lib/zod-without-eval';
import { DEFAULT_PAGE_SIZE, Page } from '../../../backend/src/shared/contract/paging';
import { pageQuerySchema } from '../../../backend/src/shared/contract/paging-input';
import { lastPageOf } from '../lib/paging';

const PAGE = 'page';
const PAGE_SIZE = 'pageSize';
const pageParam = pageQuerySchema.shape.page.catch(1);
const pageSizeParam = pageQuerySchema.shape.pageSize.catch(DEFAULT_PAGE_SIZE);

/**
 * A list's filters and page in the URL's query string (`?status=pending&search=ann&page=3`), so that
 * reload, back and forward and a shared link show the same view. Each change is a step in the
 * history unless `replace`; changing a filter goes back to page 1. A filter not in the URL is ''.
 * `pageSize` is read from the URL too (the server's default otherwise) and kept as it is.
 */
export function useListParams<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(names.map((name) => [name, params.get(name)?.trim() ?? ''])) as Record<Name, string>;
  const page = pageParam.parse(params.get(PAGE) ?? undefined);
  const pageSize = pageSizeParam.parse(params.get(PAGE_SIZE) ?? undefined);

  const setFilters = useCallback(
    (changes: Partial<Record<Name, string>>, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes) as [Name, string | undefined][]) {
            if (value?.trim()) next.set(name, value.trim());
            else next.delete(name);
          }
          next.delete(PAGE);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (to: number, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (to > 1) next.set(PAGE, String(to));
          else next.delete(PAGE);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return { filters, page, pageSize, setFilters, setPage };
}

/**
 * A page past the end (fewer match than when the link was made, or a change moved the last item of
 * the last page away) shows the last page there is instead, in place of the empty one.
 */
export function useLastPageWhenPastTheEnd(list: Page<unknown> | undefined, isPlaceholderData: boolean, setPage: (page: number, options: { replace: boolean }) => void) {
  const lastPage = list && !isPlaceholderData && list.items.length === 0 && list.page > 1 ? Math.min(lastPageOf(list), list.page - 1) : null;
  const latestSetPage = useRef(setPage);
  latestSetPage.current = setPage;
  useEffect(() => {
    if (lastPage !== null) latestSetPage.current(lastPage, { replace: true });
  }, [lastPage]);
}
