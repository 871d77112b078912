import { useEffect, useState } from 'react';

/** Whether a CSS media query matches now, kept up to date as the window changes (a phone turned, a resize). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** The width at which the layout turns into the phone layout (the stylesheets' `max-width: 640px`). */
export const PHONE_WIDTH = '(max-width: 640px)';
