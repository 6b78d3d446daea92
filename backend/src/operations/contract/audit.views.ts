import type { Role } from '../../identity/contract/staff-roles';

/** Who did it: a signed-in person with their name and role, a guest, or the shop itself (start-up tasks, sweeps, expiry). */
export interface AuditActorView {
  id: string | null;
  name: string;
  role: Role | 'guest' | 'system';
}

/** One event of the log, as the audit trail shows it to a person. */
export interface AuditEntryView {
  position: number;
  streamId: string;
  type: string;
  occurredAt: string;
  actor: AuditActorView;
  summary: string;
  /** Events caused by one request share it. */
  correlationId: string;
}

export interface AuditPageView {
  entries: AuditEntryView[];
  total: number;
  /** The filtered log was counted up to COUNT_LIMIT: at least `total` entries match. */
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
}

export const AUDIT_PAGE_SIZE = 50;
