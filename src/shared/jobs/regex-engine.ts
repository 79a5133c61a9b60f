// The board's text search runs a regular expression on RE2 (re2js: linear time, so no pattern can hang a search).
// Its code is most of what the search weighs (about 130 KB of the 163 KB minified chunk that held it, evaluated
// before a job list could render), and most searches never need it: plain text is a substring test, and a pattern
// is only read as a regular expression when it holds one of `\^$.|?*+()[]{}`. So the engine is provided rather than
// imported: the server provides it as its job board loads (modules/jobs), the device loads it on the first search that
// needs it (features/jobs: `useSearchableQuery`), and until then job-search.ts searches such a pattern as the literal
// text, as it does any pattern RE2 refuses.
import type { RE2JS } from 're2js';

export type RegexEngine = typeof RE2JS;

let engine: RegexEngine | null = null;
let loading: Promise<RegexEngine> | null = null;

/** Makes `engine` the search's (a caller that already imports re2js: the server, tests). */
export function provideRegexEngine(provided: RegexEngine): void {
  engine = provided;
}

/** The engine if it is loaded, else null. */
export function loadedRegexEngine(): RegexEngine | null {
  return engine;
}

/** Loads the engine (its own chunk on the device) once; a failed load (offline, no cached copy) may be tried again. */
export function loadRegexEngine(): Promise<RegexEngine> {
  if (engine) return Promise.resolve(engine);
  loading ??= import('re2js').then(
    (module) => {
      engine = module.RE2JS;
      return engine;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
