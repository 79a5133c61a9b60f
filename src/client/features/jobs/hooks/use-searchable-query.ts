import { useEffect, useState } from 'react';
import { needsRegexEngine } from '../../../../shared/jobs/job-search.ts';
import { loadedRegexEngine, loadRegexEngine } from '../../../../shared/jobs/regex-engine.ts';

/**
 * The search text the device can answer now. A regular expression needs the RE2 engine, which is not part of the
 * page's code (shared/jobs/regex-engine.ts): the first such search of a page load starts loading it (from the
 * service worker's cache when installed) and, until it is there, the list keeps the result of the last text it could
 * answer; it then searches `q`. Plain text is always answered at once. Should the engine fail to load (offline with
 * no cached copy), `q` is searched as its literal text, as a pattern RE2 refuses is.
 */
export function useSearchableQuery(q: string): string {
  const [engine, setEngine] = useState<'not-asked' | 'loaded' | 'failed'>('not-asked');
  const waiting = engine !== 'failed' && needsRegexEngine(q) && loadedRegexEngine() === null;
  const [answered, setAnswered] = useState(q);
  if (!waiting && answered !== q) setAnswered(q);

  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadRegexEngine().then(
      () => {
        if (current) setEngine('loaded');
      },
      (error: unknown) => {
        console.warn('[jobs] could not load the search for regular expressions', error);
        if (current) setEngine('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [waiting]);

  return waiting ? answered : q;
}
