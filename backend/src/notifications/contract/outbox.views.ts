import { z } from 'zod';

/**
 * recorded: kept in the outbox only (no SMTP_URL); sent; failed: the mail server refused or was down;
 * suppressed: not sent because the address had already been mailed too often this hour.
 */
export type OutboxStatus = 'recorded' | 'sent' | 'failed' | 'suppressed';

/** `GET /api/admin/notifications/outbox`: one message as it was recorded, and what became of it. */
export interface OutboxEntryView {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  recordedAt: string;
  sentAt: string | null;
  error: string | null;
  /** The names of the files sent with it (absent: none). */
  attachments?: string[];
}

export interface OutboxPageView {
  entries: OutboxEntryView[];
  total: number;
  /** Counted only up to COUNT_LIMIT: at least `total` messages. */
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
}

export const OUTBOX_PAGE_SIZE = 25;

export const outboxPageSchema = z.object({
  page: z.coerce.number({ message: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000).default(1),
  pageSize: z.coerce.number({ message: 'pageSize must be from 1 to 100' }).int('pageSize must be from 1 to 100').min(1, 'pageSize must be from 1 to 100').max(100, 'pageSize must be from 1 to 100').default(OUTBOX_PAGE_SIZE),
});
