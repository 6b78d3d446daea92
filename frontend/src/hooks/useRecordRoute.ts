import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/** The back-office tabs whose records have an address of their own: `/admin/orders/:id`, `/admin/payments/:id`. */
export const TABS_WITH_RECORDS = ['orders', 'payments'] as const;
export type TabWithRecords = (typeof TABS_WITH_RECORDS)[number];

/** A record's id from its path segment (a positive whole number), or null for anything else. */
export function recordIdOf(segment: string | undefined): number | null {
  return segment !== undefined && /^[1-9]\d{0,9}$/.test(segment) ? Number(segment) : null;
}

/** Whether `/admin/:tab/:record` names a record a tab can show (anything else is the 404 page). */
export function isRecordPath(tab: string | undefined, record: string | undefined): boolean {
  return record === undefined || ((TABS_WITH_RECORDS as readonly (string | undefined)[]).includes(tab) && recordIdOf(record) !== null);
}

/**
 * The record a tab shows in its details dialog, as the URL says (`/admin/orders/12?status=pending`): opening
 * one is a step in the history (Back closes it), the list's filters and page stay in the query string, and
 * closing goes back to the list the record was opened from, or to its tab's list when the record's link was
 * the first page seen (a shared link or a reload).
 */
export function useRecordRoute(tab: TabWithRecords) {
  const { record } = useParams();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const openedFromList = (state as { fromList?: boolean } | null)?.fromList === true;
  const open = useCallback((id: number) => navigate({ pathname: `/admin/${tab}/${id}`, search }, { state: { fromList: true } }), [navigate, tab, search]);
  const close = useCallback(() => {
    if (openedFromList) navigate(-1);
    else navigate({ pathname: `/admin/${tab}`, search }, { replace: true });
  }, [navigate, tab, search, openedFromList]);
  return { id: recordIdOf(record), open, close };
}
