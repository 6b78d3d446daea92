import { ChangeEvent, KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * A search box over a term kept elsewhere (the URL); spread `inputProps` on the box. The box answers
 * every key at once; its text is committed after a pause in typing, or at once on Enter or when the box
 * loses the focus (a click on a result right after typing opens it from the list that was asked for, and
 * no late commit lands on the page it opened). The first
 * commit of a spell of typing is a step in the history, the following ones replace it, so Back
 * undoes a search in one step. When the term changes underneath (back, forward, a link), the box follows.
 */
export function useSearchBox(term: string, commit: (text: string, options: { replace: boolean }) => void) {
  const [text, setText] = useState(term);
  const settled = useDebouncedValue(text);
  const committed = useRef(term);
  const typing = useRef(false);

  useEffect(() => {
    if (term === committed.current) return;
    committed.current = term;
    typing.current = false;
    setText(term);
  }, [term]);

  const write = useCallback(
    (value: string, fromTyping: boolean) => {
      const trimmed = value.trim();
      if (trimmed === committed.current) return;
      committed.current = trimmed;
      commit(trimmed, { replace: fromTyping && typing.current });
      typing.current = fromTyping;
    },
    [commit],
  );

  // Only a new pause writes: a stale settled value must not undo what came from the URL since.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    write(settled, true);
  }, [settled, write]);

  return {
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') write(text, false);
      },
      onBlur: () => write(text, true),
    },
  };
}
