import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { messageOf, queryString } from '../../../api/client';
import { OUTBOX_PAGE_SIZE, OutboxPageView, OutboxStatus } from '../../../../../backend/src/notifications/contract/outbox.views';
import { Pager } from '../../../components/ui/Pager';
import { formatDateTime } from '../../../lib/dates';
import { useAdminQuery } from '../../../api/admin-queries';
import { LoadError } from '../../../components/ui/LoadError';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import './notifications-tab.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';

const OUTBOX_KEY = ['/api/admin/notifications/outbox'] as const;

const STATUS_TEXT: Record<OutboxStatus, { label: string; badge: string; help: string }> = {
  sent: { label: 'Sent', badge: 'badge-success', help: 'Delivered to the mail server.' },
  recorded: { label: 'Kept', badge: '', help: 'Kept in the outbox only: no SMTP_URL is set.' },
  failed: { label: 'Failed', badge: 'badge-hot', help: 'The mail server refused it or was down.' },
  suppressed: { label: 'Suppressed', badge: 'badge-limited', help: 'Not sent: this address had received too many messages this hour.' },
};

/** The notification outbox, read-only and newest first: what the shop mailed customers, and what became of each message. */
export function NotificationsTab() {
  const section = useRef<HTMLElement>(null);
  const [page, setPage] = useState(1);
  const outbox = useAdminQuery<OutboxPageView>([...OUTBOX_KEY, page], `${OUTBOX_KEY[0]}${queryString({ page, pageSize: OUTBOX_PAGE_SIZE })}`, { keepPrevious: true });
  useRefetchWhenShown(section, () => outbox.refetch());
  const data = outbox.data;

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="notifications-heading">
      <div>
        <h2 id="notifications-heading">Notifications</h2>
        <p className="muted">Every e-mail to customers (order placed, paid, shipped, support replies), newest first. Open one to read it.</p>
      </div>
      {outbox.isError ? (
        <LoadError message={messageOf(outbox.error, 'Failed to load the notification outbox.')} onRetry={() => outbox.refetch()} />
      ) : outbox.isLoading || !data ? (
        <SkeletonList className="outbox-list" itemClassName="card outbox-entry" label="Loading the outbox" />
      ) : data.entries.length === 0 ? (
        <p className="card admin-empty">No e-mails yet.</p>
      ) : (
        <>
          <ul className="outbox-list">
            {data.entries.map((entry) => {
              const status = STATUS_TEXT[entry.status];
              return (
                <li key={entry.id} className="card outbox-entry">
                  <details>
                    <summary>
                      <span className="outbox-summary">
                        <span className={`badge ${status.badge}`} title={status.help}>
                          {status.label}
                        </span>
                        <strong className="outbox-subject">{entry.subject}</strong>
                        <span className="muted small outbox-meta">
                          <Mail size={14} aria-hidden /> {entry.to} · <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
                        </span>
                      </span>
                    </summary>
                    <p className="muted small">
                      {status.help}
                      {entry.sentAt && <> Sent {formatDateTime(entry.sentAt)}.</>}
                      {entry.error && <> Error: {entry.error}</>}
                    </p>
                    <pre className="outbox-text">{entry.text}</pre>
                  </details>
                </li>
              );
            })}
          </ul>
          <Pager label="Outbox pages" list={{ ...data, items: data.entries }} onPage={setPage} top={section} />
        </>
      )}
    </section>
  );
}
