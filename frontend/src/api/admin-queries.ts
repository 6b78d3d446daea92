import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useReportAdminError } from '../state/admin-session';
import { useToast } from '../state/toast';
import { apiGet, apiGetPage, messageOf } from './client';

/**
 * How the back office reads and changes: reads fresh on every visit whose failures are reported (a 401 ends
 * the session: state/admin-session.tsx), and changes that toast their outcome and refresh what they affect.
 * Every context's back-office queries (features/<context>/api) are built on these.
 */

/**
 * The back office's figures (`GET /api/admin/dashboard`, read by the ordering feature): a change in the
 * catalogue, an order or a payment refreshes them, so their key is written here, once, for all three.
 */
export const ADMIN_DASHBOARD_KEY = ['/api/admin/dashboard'] as const;

/** A back-office read whose failure is reported: a 401 ends the session (admin-session.tsx). */
export function useReportedQuery<Query extends { error: unknown }>(query: Query): Query {
  const report = useReportAdminError();
  useEffect(() => {
    if (query.error) report(query.error);
  }, [query.error, report]);
  return query;
}

/**
 * Back-office reads are fresh on every visit: an order or payment may change at any time. The URL is
 * the key's first part unless given; `keepPrevious` shows the last answer while a new filter loads.
 */
export function useAdminQuery<T>(queryKey: readonly unknown[], url = String(queryKey[0]), options: ReadOptions = {}) {
  return useAdminRead(queryKey, () => apiGet<T>(url), options);
}

/** One page of a paged back-office list (its items, how many match, which page); the page shown stays while the next loads. */
export function useAdminPage<T>(queryKey: readonly unknown[], url: string, options: ReadOptions = {}) {
  return useAdminRead(queryKey, () => apiGetPage<T>(url), { keepPrevious: true, ...options });
}

type ReadOptions = { enabled?: boolean; keepPrevious?: boolean };

function useAdminRead<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>, { enabled = true, keepPrevious = false }: ReadOptions) {
  return useReportedQuery(useQuery({ queryKey, queryFn, staleTime: 0, enabled, placeholderData: keepPrevious ? keepPreviousData : undefined }));
}

type Notice = { title: string; description?: string };

/**
 * A back-office change: success toasts (a fixed text, or one worded from the answer and the input)
 * and refreshes the lists it affects; failure toasts the given text (or one worded from the error,
 * e.g. the server's reason), unless the session has ended: then the session handler speaks.
 */
export function useAdminMutation<Input, Result = unknown>({
  request,
  success,
  failure,
  refresh,
}: {
  request(input: Input): Promise<Result>;
  success: Notice | ((result: Result, input: Input) => Notice);
  failure: string | ((error: unknown) => string);
  refresh: readonly (readonly unknown[])[];
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const report = useReportAdminError();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, input) => {
      toast({ ...(typeof success === 'function' ? success(result, input) : success), variant: 'success' });
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (report(error)) return;
      toast({ title: 'Error', description: typeof failure === 'function' ? failure(error) : failure, variant: 'destructive' });
    },
  });
}

/** The server's explanation of a refusal, or the given text when it gave none. */
export const serverMessageOr = (text: string) => (error: unknown) => messageOf(error, text);

