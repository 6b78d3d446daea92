/**
 * Reactors mail news, not history. When the log is replayed (a rebuild, or a reactor that is new or
 * learned a new kind of message), facts older than this are not mailed: a customer should not get
 * "payment received" for last year's order. The outbox's ids still stop a repeat of a recent one.
 */
export const MAIL_ONLY_FACTS_NEWER_THAN_MS = 24 * 60 * 60_000;

export function isNews(occurredAt: string, now = Date.now()): boolean {
  return now - Date.parse(occurredAt) < MAIL_ONLY_FACTS_NEWER_THAN_MS;
}
