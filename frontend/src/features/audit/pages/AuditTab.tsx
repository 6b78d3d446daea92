import { Download, RotateCcw } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { messageOf } from '../../../api/client';
import { Pager } from '../../../components/ui/Pager';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { useSearchBox } from '../../../hooks/useSearchBox';
import { formatDateTime } from '../../../lib/dates';
import { AUDIT_KEY, AuditEntry, auditExportUrl, AuditSearch, EVENT_TYPE_GROUPS, eventLabel, streamLabel, useAuditPage, useRefreshAfterChanges } from '../api/audit-queries';
import { usePhoneLayout } from '../../../hooks/usePhoneLayout';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { AdminTable } from '../../../components/ui/AdminTable';
import { LoadError } from '../../../components/ui/LoadError';
import { InfoDialog } from '../../../components/ui/Dialog';
import { ActorText, AuditEntryText, AuditTrail } from '../components/AuditTrail';
import { Button, ButtonAnchor } from '../../../components/ui/Button';
import '../../../styles/admin-tools.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';

type ActorKind = 'any' | 'system' | 'guest' | 'user';

interface Filters {
  stream: string;
  actorKind: ActorKind;
  actorId: string;
  type: string;
  /** Days (YYYY-MM-DD) in the admin's own time zone. */
  fromDay: string;
  toDay: string;
}

const ACTOR_KINDS: readonly ActorKind[] = ['any', 'system', 'guest', 'user'];

/**
 * What the Audit log keeps in the URL besides the page, so a link shows the same events:
 * /admin/audit?stream=order-12, ?by=user&user=<id>, ?type=OrderPlaced&from=2026-11-01&to=2026-11-30.
 */
const AUDIT_PARAMS = ['stream', 'by', 'user', 'type', 'from', 'to'] as const;
type AuditParam = (typeof AUDIT_PARAMS)[number];
const PARAM_OF: Record<keyof Filters, AuditParam> = { stream: 'stream', actorKind: 'by', actorId: 'user', type: 'type', fromDay: 'from', toDay: 'to' };
const NO_PARAMS: Record<AuditParam, string> = { stream: '', by: '', user: '', type: '', from: '', to: '' };

function filtersOf(params: Record<AuditParam, string>): Filters {
  const actorKind = ACTOR_KINDS.find((kind) => kind === params.by) ?? 'any';
  return { stream: params.stream, actorKind, actorId: params.user, type: params.type, fromDay: params.from, toDay: params.to };
}

function paramsOf(change: Partial<Filters>): Partial<Record<AuditParam, string>> {
  const params: Partial<Record<AuditParam, string>> = {};
  for (const [field, value] of Object.entries(change) as [keyof Filters, string][]) params[PARAM_OF[field]] = field === 'actorKind' && value === 'any' ? '' : value;
  return params;
}

/** The server's rules (audit.controller.ts), checked before asking. */
const STREAM = /^[a-z]+(-[a-z]+)*-[A-Za-z0-9@._-]{1,128}$/;
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A local calendar day's first or last instant, as the ISO instant the API filters on. */
function dayBound(day: string, end: 'start' | 'end'): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const instant = end === 'start' ? new Date(year, month, date, 0, 0, 0, 0) : new Date(year, month, date, 23, 59, 59, 999);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

function validate(filters: Filters): Partial<Record<'stream' | 'actorId' | 'toDay', string>> {
  const errors: Partial<Record<'stream' | 'actorId' | 'toDay', string>> = {};
  const stream = filters.stream.trim();
  if (stream && !STREAM.test(stream)) errors.stream = 'A stream is a name such as order-12 or payment-3.';
  if (filters.actorKind === 'user' && !USER_ID.test(filters.actorId.trim())) errors.actorId = "Enter the person's user id (click a name in the log to fill it in).";
  if (filters.fromDay && filters.toDay && filters.fromDay > filters.toDay) errors.toDay = 'The end date is before the start date.';
  return errors;
}

function toSearch(filters: Filters): AuditSearch {
  const actor = filters.actorKind === 'any' ? undefined : filters.actorKind === 'user' ? filters.actorId.trim() : filters.actorKind;
  return {
    stream: filters.stream.trim() || undefined,
    actor,
    type: filters.type || undefined,
    from: dayBound(filters.fromDay, 'start'),
    to: dayBound(filters.toDay, 'end'),
  };
}

const NO_MATCH = 'No events match these filters.';
/** The stream an event belongs to ("Order #12"); opens that stream's whole history. */
function StreamButton({ streamId, onOpen }: { streamId: string; onOpen(streamId: string): void }) {
  return (
    <button type="button" className="link-button" title={`${streamId}: its whole history`} onClick={() => onOpen(streamId)}>
      {streamLabel(streamId)}
      <span className="sr-only">: show its history</span>
    </button>
  );
}

/** Who did it; a signed-in person's name narrows the log to them. */
function ActorButton({ actor, onFilter }: { actor: AuditEntry['actor']; onFilter(actorId: string): void }) {
  if (!actor.id) return <ActorText actor={actor} />;
  const actorId = actor.id;
  return (
    <button type="button" className="link-button" title={`User id ${actorId}`} onClick={() => onFilter(actorId)}>
      <ActorText actor={actor} />
      <span className="sr-only">: show only their events</span>
    </button>
  );
}

/** The log on a phone: one card per event instead of a wide table. */
function AuditCards({
  label,
  entries,
  isLoading,
  onStream,
  onActor,
}: {
  label: string;
  entries: AuditEntry[] | undefined;
  isLoading: boolean;
  onStream(streamId: string): void;
  onActor(actorId: string): void;
}) {
  if (isLoading) {
    return (
      <SkeletonList ordered className="audit-cards" itemClassName="card audit-card" rows={5} />
    );
  }
  if (entries && entries.length === 0) return <p className="card admin-empty">{NO_MATCH}</p>;
  return (
    <ol className="audit-cards" aria-label={label}>
      {(entries ?? []).map((entry) => (
        <li key={entry.position} className="card audit-card">
          <AuditEntryText entry={entry} />
          <p className="audit-card-meta">
            <StreamButton streamId={entry.streamId} onOpen={onStream} />
            <span className="sr-only">, by </span>
            <ActorButton actor={entry.actor} onFilter={onActor} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The whole event log in a person's words, newest first: who did what and when, filtered by
 * stream, actor, event type and dates, 25 events a page, and exported as CSV with the same filters.
 */
export function AuditTab() {
  const section = useRef<HTMLElement>(null);
  const list = useListParams(AUDIT_PARAMS);
  const { setFilters, setPage } = list;
  const filters = filtersOf(list.filters);
  const errors = validate(filters);
  const valid = Object.keys(errors).length === 0;
  const search = toSearch(filters);
  const page = list.page;
  const log = useAuditPage(search, page, valid);
  const narrow = usePhoneLayout();
  useRefreshAfterChanges(AUDIT_KEY);
  useRefetchWhenShown(section, () => valid && log.refetch());
  // The typed filters are written to the URL after a pause in typing (or on Enter), as the other tabs' searches.
  const streamBox = useSearchBox(list.filters.stream, useCallback((text: string, options: { replace: boolean }) => setFilters({ stream: text }, options), [setFilters]));
  const userBox = useSearchBox(list.filters.user, useCallback((text: string, options: { replace: boolean }) => setFilters({ user: text }, options), [setFilters]));

  const ids = {
    stream: useId(),
    actorKind: useId(),
    actorId: useId(),
    type: useId(),
    from: useId(),
    to: useId(),
    summary: useId(),
  };
  const set = (change: Partial<Filters>) => setFilters(paramsOf(change));
  const goTo = setPage;
  const [history, setHistory] = useState<string | null>(null);

  const data = log.data;
  const total = data?.total ?? 0;
  const listPage = data && { ...data, items: data.entries };
  const filtered = AUDIT_PARAMS.some((param) => list.filters[param] !== '');
  // Fewer events than before (a narrower search, a rebuilt log): stay on the last page there is.
  useLastPageWhenPastTheEnd(listPage, log.isPlaceholderData, goTo);
  /** The server reads one stream as a timeline, oldest first; the whole log newest first. */
  const order = search.stream ? 'oldest first' : 'newest first';
  const describedBy = (field: keyof typeof errors, id: string) => (errors[field] ? `${id}-error` : undefined);

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="audit-heading">
      <div>
        <h2 id="audit-heading">Audit Log</h2>
        <p className="muted">Everything that happened in the shop, who did it and when, straight from the event log.</p>
      </div>
      <section className="card admin-card stack" aria-labelledby="audit-filters-heading">
        <h3 id="audit-filters-heading" className="sr-only">
          Filters
        </h3>
        <div className="audit-filters">
          <div className="field">
            <label htmlFor={ids.type}>Event</label>
            <select id={ids.type} className="select" value={filters.type} onChange={(event) => set({ type: event.target.value })}>
              <option value="">Any event</option>
              {EVENT_TYPE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.types.map((type) => (
                    <option key={type} value={type}>
                      {eventLabel(type)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.actorKind}>Done by</label>
            <select id={ids.actorKind} className="select" value={filters.actorKind} onChange={(event) => set({ actorKind: event.target.value as ActorKind })}>
              <option value="any">Anyone</option>
              <option value="system">The shop itself (system)</option>
              <option value="guest">Guests</option>
              <option value="user">A signed-in person…</option>
            </select>
          </div>
          {filters.actorKind === 'user' && (
            <div className="field audit-filter-wide">
              <label htmlFor={ids.actorId}>User id</label>
              <input
                id={ids.actorId}
                className="input"
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. 92331034-2ca9-…"
                {...userBox.inputProps}
                aria-invalid={errors.actorId ? true : undefined}
                aria-describedby={describedBy('actorId', ids.actorId)}
              />
              {errors.actorId && (
                <span id={`${ids.actorId}-error`} className="field-error">
                  {errors.actorId}
                </span>
              )}
            </div>
          )}
          <div className="field audit-filter-wide">
            <label htmlFor={ids.stream}>Stream</label>
            <input
              id={ids.stream}
              className="input"
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. order-12"
              {...streamBox.inputProps}
              aria-invalid={errors.stream ? true : undefined}
              aria-describedby={describedBy('stream', ids.stream)}
            />
            {errors.stream && (
              <span id={`${ids.stream}-error`} className="field-error">
                {errors.stream}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.from}>From</label>
            <input id={ids.from} className="input" type="date" value={filters.fromDay} max={filters.toDay || undefined} onChange={(event) => set({ fromDay: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>To</label>
            <input
              id={ids.to}
              className="input"
              type="date"
              value={filters.toDay}
              min={filters.fromDay || undefined}
              aria-invalid={errors.toDay ? true : undefined}
              aria-describedby={describedBy('toDay', ids.to)}
              onChange={(event) => set({ toDay: event.target.value })}
            />
            {errors.toDay && (
              <span id={`${ids.to}-error`} className="field-error">
                {errors.toDay}
              </span>
            )}
          </div>
        </div>
        <div className="row between wrap gap">
          <p id={ids.summary} className="muted small audit-count" aria-live="polite">
            {data ? `${total} ${total === 1 ? 'event' : 'events'}${filtered ? (total === 1 ? ' matches these filters' : ' match these filters') : ' in the log'}, ${order}. Dates are in your time zone.` : ' '}
          </p>
          <div className="row gap wrap">
            <Button variant="outline" size="sm" disabled={!filtered} onClick={() => setFilters(NO_PARAMS)}>
              <RotateCcw size={16} aria-hidden /> Clear filters
            </Button>
            {valid && total > 0 ? (
              <ButtonAnchor variant="outline" size="sm" href={auditExportUrl(search)} download="audit-log.csv">
                <Download size={16} aria-hidden /> Export CSV
              </ButtonAnchor>
            ) : (
              <Button variant="outline" size="sm" disabled>
                <Download size={16} aria-hidden /> Export CSV
              </Button>
            )}
          </div>
        </div>
      </section>

      {log.isError ? (
        <LoadError message={messageOf(log.error, 'Failed to load the audit log.')} onRetry={() => log.refetch()} />
      ) : (
        <div className={`stack ${log.isPlaceholderData ? 'is-stale' : ''}`} aria-busy={log.isFetching || undefined}>
          {narrow ? (
            <AuditCards
              label={`Audit log, ${order}`}
              entries={data?.entries}
              isLoading={log.isLoading}
              onStream={setHistory}
              onActor={(actorId) => set({ actorKind: 'user', actorId })}
            />
          ) : (
            <AdminTable
              className="card admin-card audit-table admin-tools-table"
              caption={`Audit log, ${order}`}
              columns={['Time', 'Event', 'Stream', 'Actor', 'Details']}
              isLoading={log.isLoading}
              skeletonRows={8}
              isEmpty={data !== undefined && data.entries.length === 0}
              emptyText={NO_MATCH}
            >
              {(data?.entries ?? []).map((entry) => (
                <tr key={entry.position}>
                  <td className="audit-time">
                    <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                  </td>
                  <td className="audit-event" title={entry.type}>
                    <span className="admin-strong">{eventLabel(entry.type)}</span>
                  </td>
                  <td className="audit-stream">
                    <StreamButton streamId={entry.streamId} onOpen={setHistory} />
                  </td>
                  <td className="audit-actor-cell">
                    <ActorButton actor={entry.actor} onFilter={(actorId) => set({ actorKind: 'user', actorId })} />
                  </td>
                  <td className="audit-details">{entry.summary}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          {listPage && <Pager label="Audit log pages" list={listPage} onPage={goTo} top={section} />}
        </div>
      )}
      {history && (
        <InfoDialog
          title={`History of ${streamLabel(history)}`}
          onClose={() => setHistory(null)}
          actions={
            <Button
              variant="outline"
              onClick={() => {
                set({ stream: history });
                setHistory(null);
              }}
            >
              Filter the log to it
            </Button>
          }
        >
          <p className="muted small">
            Stream <code>{history}</code>, oldest first.
          </p>
          <AuditTrail stream={history} />
        </InfoDialog>
      )}
    </section>
  );
}
