/** The store's day (for "Orders Today") and its clock are Sydney's, wherever the admin or the server is. */
export const STORE_TIME_ZONE = 'Australia/Sydney';

const STORE_TIME = new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as a person in the store reads it, e.g. "24 Nov 2026, 10:41 am Sydney time": for audit sentences. */
export function storeTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : `${STORE_TIME.format(instant)} Sydney time`;
}
