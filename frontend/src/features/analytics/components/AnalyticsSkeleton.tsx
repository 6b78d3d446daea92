/**
 * Checkout spec §2: while analytics load, four skeleton cards. Built only from the back office's
 * shared classes, so it can stand in for the tab while the tab's own code is still on its way.
 */
export function SkeletonCards() {
  return (
    <div className="admin-stats" aria-busy="true">
      <p className="sr-only" role="status">
        Loading analytics…
      </p>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="card admin-stat" aria-hidden="true">
          <div className="skeleton skeleton-line short" />
          <div className="skeleton skeleton-line" style={{ height: '1.6rem', margin: '0.6rem 0' }} />
          <div className="skeleton skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

/** The tab before its code has arrived: its heading and the four skeleton cards. */
export function AnalyticsSkeleton() {
  return (
    <div className="stack admin-section">
      <h2>Traffic Analytics</h2>
      <SkeletonCards />
    </div>
  );
}
