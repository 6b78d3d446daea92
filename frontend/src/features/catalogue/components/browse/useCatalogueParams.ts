import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../../../hooks/useDebouncedValue';

export const TERM_PARAM = 'q';
export const CATEGORY_PARAM = 'categoryId';

export function parseCategoryId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number.parseInt(value, 10);
  return id > 0 ? id : null;
}

/**
 * The search text and category live in the URL (?q=, ?categoryId=) so reload and back restore them.
 * The box updates at once; the URL, and so the query, follows after a pause in typing. Typing replaces
 * the history entry, a category change or an explicit search adds one.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const term = params.get(TERM_PARAM)?.trim() ?? '';
  const categoryId = parseCategoryId(params.get(CATEGORY_PARAM));
  const [text, setText] = useState(term);
  const debouncedText = useDebouncedValue(text);
  const lastWritten = useRef(term);

  const write = useCallback(
    (next: { term?: string; categoryId?: number | null }, replace: boolean) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.term !== undefined) {
            lastWritten.current = next.term.trim();
            if (next.term.trim()) updated.set(TERM_PARAM, next.term.trim());
            else updated.delete(TERM_PARAM);
          }
          if (next.categoryId !== undefined) {
            if (next.categoryId === null) updated.delete(CATEGORY_PARAM);
            else updated.set(CATEGORY_PARAM, String(next.categoryId));
          }
          return updated;
        },
        { replace },
      );
    },
    [setParams],
  );

  // Only a new pause in typing writes: a stale debounced value must not undo a Clear or a link.
  const lastDebounced = useRef(debouncedText);
  useEffect(() => {
    if (debouncedText === lastDebounced.current) return;
    lastDebounced.current = debouncedText;
    if (debouncedText.trim() !== lastWritten.current) write({ term: debouncedText }, true);
  }, [debouncedText, write]);

  // Back, forward and links change the URL underneath the box; the box follows unless it was us.
  useEffect(() => {
    if (term !== lastWritten.current) {
      lastWritten.current = term;
      setText(term);
    }
  }, [term]);

  return {
    /** What the box shows. */
    text,
    setText,
    /** The settled search term the results are for. */
    term,
    categoryId,
    isTyping: text.trim() !== term,
    setCategoryId: useCallback((id: number | null) => write({ categoryId: id }, false), [write]),
    searchNow: useCallback((value: string) => {
      setText(value);
      write({ term: value }, false);
    }, [write]),
    /** A category picked instead of typed text: the text that led to it goes. */
    showCategory: useCallback((id: number) => {
      setText('');
      write({ term: '', categoryId: id }, false);
    }, [write]),
    clear: useCallback(() => {
      setText('');
      write({ term: '', categoryId: null }, false);
    }, [write]),
  };
}
