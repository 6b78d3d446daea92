import { useId } from 'react';
import { messageOf } from '../../../api/client';
import { formatDateTime } from '../../../lib/dates';
import { AUDIT_KEY, AuditEntry, eventLabel, ROLE_LABELS, streamLabel, useRefreshAfterChanges, useStreamAudit } from '../api/audit-queries';
import { LoadError } from '../../../components/ui/LoadError';
import '../../../styles/admin-tools.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';

/** Who did it: "Store Admin · Admin", or just "Guest" / "System" when the name says it all. */
export function ActorText({ actor }: { actor: AuditEntry['actor'] }) {
  const role = ROLE_LABELS[actor.role];
  return (
    <span className="audit-actor">
      <span className="audit-actor-name">{actor.name}</span>
      {role !== actor.name && <span className={`audit-role audit-role-${actor.role}`}>{role}</span>}
    </span>
  );
}

/** What happened, when, in words: the head of an audit entry wherever one is shown. */
export function AuditEntryText({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <p className="audit-trail-head">
        <span className="audit-trail-event">{eventLabel(entry.type)}</span>
        <time className="audit-trail-time" dateTime={entry.occurredAt}>
          {formatDateTime(entry.occurredAt)}
        </time>
      </p>
      <p className="audit-trail-summary">{entry.summary}</p>
    </>
  );
}

/**
 * One stream's history (an order, a payment, a product) as a timeline, oldest first: when, what
 * happened in a sentence, and who did it. For the details dialogs of the back office.
 */
export function AuditTrail({ stream, title }: { stream: string; title?: string }) {
  const trail = useStreamAudit(stream);
  useRefreshAfterChanges([...AUDIT_KEY, 'stream', stream]);
  const headingId = useId();
  const entries = trail.data?.entries ?? [];
  const name = streamLabel(stream);

  return (
    <section className="audit-trail" aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : `History of ${name}`} aria-busy={trail.isFetching || undefined}>
      {title && (
        <h3 id={headingId} className="audit-trail-title">
          {title}
        </h3>
      )}
      {trail.isError ? (
        <LoadError message={messageOf(trail.error, `Failed to load the history of ${name}.`)} onRetry={() => trail.refetch()} />
      ) : trail.isLoading ? (
        <SkeletonList ordered className="audit-trail-list" itemClassName="audit-trail-item" />
      ) : entries.length === 0 ? (
        <p className="muted small">Nothing has been recorded for {name} yet.</p>
      ) : (
        <>
          <ol className="audit-trail-list">
            {entries.map((entry) => (
              <li key={entry.position} className="audit-trail-item">
                <AuditEntryText entry={entry} />
                <p className="audit-trail-by">
                  <span className="sr-only">By </span>
                  <ActorText actor={entry.actor} />
                </p>
              </li>
            ))}
          </ol>
          {trail.data && trail.data.total > entries.length && (
            <p className="muted small">
              The first {entries.length} of {trail.data.total} events; the Audit log tab has them all.
            </p>
          )}
        </>
      )}
    </section>
  );
}
