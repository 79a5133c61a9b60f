import { useEffect, useState } from 'react';
import { hasScrolledPastHeader } from '../sidebar-state.ts';

/**
 * Whether the page is scrolled past the header's shadow threshold (spec: 30 px). Read on scroll events only (a
 * restored scroll position sends one too): reading scrollY while the page is being built would lay it all out at
 * once, a long task on a phone (15-20 ms unthrottled when the dashboard first renders).
 */
export function useScrolledPastHeader(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(hasScrolledPastHeader(window.scrollY));
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}
