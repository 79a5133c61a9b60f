import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, but while it keeps changing under the same `key` the previous one is kept until it has been still for
 * `delayMs`. A new `key` takes effect at once. The board uses it for the select options: recomputing them for every
 * keystroke of a search would cost more than the search itself, and nobody reads them while typing.
 */
export function useSettledValue<T>(value: T, key: string, delayMs: number): T {
  const [settled, setSettled] = useState({ value, key });

  let current = settled;
  if (settled.key !== key) {
    current = { value, key };
    setSettled(current);
  }

  const waiting = current.value !== value;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => startTransition(() => setSettled({ value, key })), delayMs);
    return () => window.clearTimeout(timer);
  }, [waiting, value, key, delayMs]);

  return current.value;
}
