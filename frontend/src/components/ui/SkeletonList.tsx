/**
 * A list's placeholder while it loads: `rows` items, each a short line then `lines - 1` full ones. Hidden from
 * screen readers, unless it has a `label`: then it says the list is loading (`aria-busy`).
 */
export function SkeletonList({ ordered = false, className, itemClassName, rows = 3, lines = 2, label }: { ordered?: boolean; className: string; itemClassName: string; rows?: number; lines?: number; label?: string }) {
  const List = ordered ? 'ol' : 'ul';
  const announced = label === undefined ? { 'aria-hidden': true } : { 'aria-busy': true, 'aria-label': label };
  return (
    <List className={className} {...announced}>
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className={itemClassName}>
          <span className="skeleton skeleton-line short" />
          {Array.from({ length: lines - 1 }, (_, line) => (
            <span key={line} className="skeleton skeleton-line" />
          ))}
        </li>
      ))}
    </List>
  );
}
