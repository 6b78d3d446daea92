import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { RefObject } from 'react';
import type { Page } from '../../../../backend/src/shared/contract/paging';
import { formatCount as count, formatTotal, lastPageOf, nextPageOf } from '../../lib/paging';
import { Button } from './Button';
import './pager.css';

/**
 * Where a page of a list stands ("Showing 51–100 of 1,234", "of 10,000+" when the server stopped
 * counting) with Previous and Next. At either end the button stays focusable but does nothing
 * (aria-disabled), so the keyboard's place is not lost on the last page. Nothing when the list is empty.
 * Given the list's `top`, paging from below it brings the list's top into view for the new page.
 */
export function Pager({ label, list, onPage, top }: { label: string; list: Page<unknown>; onPage(page: number): void; top?: RefObject<HTMLElement | null> }) {
  if (list.total === 0 && list.items.length === 0) return null;
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;
  const previous = list.page > 1 ? list.page - 1 : undefined;
  const next = nextPageOf(list);
  const go = (page: number | undefined) => {
    if (page === undefined) return;
    onPage(page);
    const start = top?.current;
    if (start && start.getBoundingClientRect().top < 0) start.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager-summary small muted" aria-live="polite">
        {list.items.length === 0 ? `Nothing on page ${count(list.page)}` : first === last ? `Showing ${count(first)}` : `Showing ${count(first)}–${count(last)}`} of {formatTotal(list)}
      </p>
      <div className="pager-controls">
        <Button variant="outline" size="sm" aria-disabled={previous === undefined} onClick={() => go(previous)}>
          <ChevronLeft size={16} aria-hidden /> Previous
        </Button>
        <span className="pager-page small">
          Page {count(list.page)} of {count(Math.max(list.page, lastPageOf(list)))}
          {list.totalIsLowerBound ? '+' : ''}
        </span>
        <Button variant="outline" size="sm" aria-disabled={next === undefined} onClick={() => go(next)}>
          Next <ChevronRight size={16} aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
