import { useEffect, useState } from 'react';

/** Phones get cards instead of wide tables. */
const PHONE = '(max-width: 640px)';

export function usePhoneLayout(): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE).matches);
  useEffect(() => {
    const list = window.matchMedia(PHONE);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return matches;
}
