import { Dispatch, SetStateAction, useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '../lib/storage';

/**
 * Set by main.tsx before it hydrates markup the server rendered. The server knows nothing of this
 * browser's storage, so state kept there must start as the server rendered it (the default) and be
 * read just after: otherwise the first render would not match the markup, and React would throw the
 * server's work away with a hydration error.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

/** State saved in localStorage under `key`: read at mount (after hydration, when hydrating) and written on every change. */
export function useBrowserStoredState<T>(key: string, parse: (raw: unknown) => T | undefined, fallback: () => T): [T, Dispatch<SetStateAction<T>>] {
  // On the server there is no storage at all: the default, which is what the browser hydrates from.
  const [restored] = useState(() => !hydrating && typeof window !== 'undefined');
  const [value, setValue] = useState<T>(() => (restored ? readStored(key, parse) : undefined) ?? fallback());
  const pending = useRef(!restored);
  useEffect(() => {
    if (pending.current) {
      pending.current = false;
      const saved = readStored(key, parse);
      if (saved !== undefined) setValue(saved);
      return;
    }
    writeStored(key, value);
  }, [key, parse, value]);
  return [value, setValue];
}
