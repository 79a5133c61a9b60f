import { useEffect, useState } from 'react';
import { hasScrolledPastHeader } from '../sidebar-state.ts';

/** Whether the page is scrolled past the header's shadow threshold (spec: 30 px). */
export function useScrolledPastHeader(): boolean {
  const [scrolled, setScrolled] = useState(
    () => typeof window !== 'undefined' && hasScrolledPastHeader(window.scrollY),
  );
  useEffect(() => {
    const update = () => setScrolled(hasScrolledPastHeader(window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}
