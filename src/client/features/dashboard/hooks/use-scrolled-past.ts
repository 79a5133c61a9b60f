import { useEffect, useState } from 'react';
import { hasScrolledPastHeader } from '../sidebar-state.ts';

/** Whether the page is scrolled past the header's shadow threshold (spec: 30 px). */
export function useScrolledPastHeader(): boolean {
  const [scrolled, setScrolled] = useState(
    () => typeof window !== 'undefined' && hasScrolledPastHeader(window.scrollY),
  );
  useEffect(() => {
    const update = () => setScrolled(hasScrolledPastHeader(window.scrollY));
    // Reading scrollY right after React's commit would lay out the whole new page inside that task; in the next
    // frame the browser lays it out anyway.
    const frame = window.requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, []);
  return scrolled;
}
