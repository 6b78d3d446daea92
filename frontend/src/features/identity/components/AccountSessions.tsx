import { useQuery } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import { messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { formatDate } from '../../../lib/dates';
import { sessionQueries, useEndOtherSessions, useEndSession } from '../api/session-queries';

/**
 * The account's sessions (issue 23) on `/dashboard/account`: each browser signed in, with its device, network (a
 * prefix, never the full address) and when it was last seen; sign one out, or every one but this.
 */
export function AccountSessions() {
  const sessions = useQuery(sessionQueries.list());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <section className="stack" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted small">Where your account is signed in. Staff sessions end after a while without activity.</p>
      {sessions.isError ? (
        <p className="notice notice-danger" role="alert">
          {messageOf(sessions.error, 'Your sessions could not be loaded.')}
        </p>
      ) : (
        <ul className="stack" aria-busy={sessions.isLoading}>
          {(sessions.data ?? []).map((session) => (
            <li key={session.id} className="row between wrap gap">
              <div>
                <p>
                  <Laptop size={16} aria-hidden /> <strong>{session.device}</strong> {session.current && <span className="muted">(this browser)</span>}
                </p>
                <p className="muted small">
                  Network {session.network} · last seen <time dateTime={session.lastSeenAt}>{formatDate(session.lastSeenAt)}</time>
                </p>
              </div>
              {!session.current && (
                <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate(session.id)}>
                  Sign out<span className="sr-only"> {session.device}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div role="status">
        {endOthers.isSuccess && <p className="notice notice-success">{endOthers.data.message}</p>}
        {(end.isError || endOthers.isError) && <p className="notice notice-danger">{messageOf(end.error ?? endOthers.error, 'The session could not be signed out. Please try again.')}</p>}
      </div>
      <Button variant="outline" block disabled={endOthers.isPending || others === 0} onClick={() => endOthers.mutate()}>
        {endOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
      </Button>
    </section>
  );
}
