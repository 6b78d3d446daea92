import { RefObject, useEffect, useRef } from 'react';

/**
 * The back office keeps every tab mounted; this reads the tab's data again each time it comes
 * into view (its panel stops being hidden), so what it shows is never older than the last look.
 * `target` is the tab's whole section, so scrolling within it does not count as coming into view.
 */
export function useRefetchWhenShown(target: RefObject<HTMLElement | null>, refetch: () => unknown) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let seen = false;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (visible && seen) void latest.current();
      if (visible) seen = true;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
}
