import type { RE2JS } from 're2js';
import type { BoardJob } from './listing-schemas.ts';
import { compileFixedPattern } from './fixed-pattern.ts';
import { loadedRegexEngine, type RegexEngine } from './regex-engine.ts';
import { meetsRequirement, patternRequirement, type SearchRequirement } from './search-prefilter.ts';
import { readSearchPattern } from './search-pattern.ts';

/** Longer search patterns are cut to this length (also the `q` limit of the board's query string). */
export const maxSearchPatternLength = 200;

/** Tests one haystack built by `jobHaystack` (or any text passed through `searchableText`). */
export type JobSearch = (haystack: string) => boolean;

// Characters that make a pattern a regular expression; anything else takes the plain substring path.
const regexMetacharacters = /[\\^$.|?*+()[\]{}]/;

// MULTILINE: the haystack holds one field per line, so `^` and `$` anchor at the start and end of any field (use
// `\A` / `\z` for the whole haystack). Without DOTALL, `.` stops at line ends, so `.*` never spans two fields.
// Always case-insensitive, even for an all-lower-case pattern over the lower-cased haystack: measured on 20,000
// jobs, re2js without the flag is faster for a literal prefix but 4x slower for long alternations.
const regexFlags = (engine: RegexEngine) => engine.CASE_INSENSITIVE | engine.MULTILINE;

// RE2 is linear in the input, but its per-character cost grows with the compiled program: `\pL{1000}` repeated to
// 200 characters takes ~1 s over 20,000 jobs. These bounds keep any pattern near ~0.2 s there (a long company
// alternation is ~200 instructions; no job search needs hundreds of counted repeats).
const maxCountedRepeats = 100;
const maxProgramSize = 1000;
const countedRepeat = /\{(\d+)(?:,(\d*))?\}/g;

const matchAll: JobSearch = () => true;

/** Sum of the bounds of `{n}`, `{n,}` and `{n,m}`: checked before compiling, since compiling them is the cost. */
function countedRepeatTotal(pattern: string): number {
  let total = 0;
  for (const [, min, max] of pattern.matchAll(countedRepeat)) total += Math.max(Number(min), Number(max || 0));
  return total;
}

/**
 * Lower-cases text for searching, after NFC normalisation so a decomposed "é" (e + combining accent, common in
 * pasted text) and the precomposed one match each other.
 */
export function searchableText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * The searchable text of a job (spec section 5: title, company, locations, category, terms and degrees), one field
 * per line, lower-cased. Built once per job by `indexJobs`, not per query.
 */
export function jobHaystack(job: BoardJob): string {
  const lines: string[] = [];
  const add = (field: string) => {
    // A stray newline inside a field would fake a field boundary for `^` and `$`.
    const line = (/[\r\n]/.test(field) ? field.replace(/[\r\n]+/g, ' ') : field).trim();
    if (line.length > 0) lines.push(line);
  };
  add(job.title);
  add(job.company);
  job.locations.forEach(add);
  if (job.category !== null) add(job.category);
  job.terms.forEach(add);
  job.degrees.forEach(add);
  return searchableText(lines.join('\n'));
}

function capPattern(pattern: string): string {
  if (pattern.length <= maxSearchPatternLength) return pattern;
  const cut = pattern.slice(0, maxSearchPatternLength);
  // Never leave half of a surrogate pair (emoji, rare CJK) at the end.
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function preparePattern(pattern: string): string {
  return capPattern(pattern.normalize('NFC').trim()).trimEnd();
}

/**
 * The lower-cased text a plain-text search looks for (what `compileJobSearch` tests with `includes`), or null when
 * `pattern` is empty or may be a regular expression. Lets an index of many haystacks rule jobs out before the test.
 */
export function plainSearchNeedle(pattern: string): string | null {
  const prepared = preparePattern(pattern);
  return prepared.length > 0 && !regexMetacharacters.test(prepared) ? searchableText(prepared) : null;
}

/**
 * How `compileJobSearch` runs a pattern: every job, a lower-cased substring test for `needle`, or a regular
 * expression (`test`) with the literal text it requires (null: none known) in a haystack whose long s "ſ" is read
 * as "s". Lets an index of many haystacks that folds ſ that way pick candidates first; `test` (or
 * `includes(needle)`) still decides each one.
 */
export type JobSearchPlan =
  | { kind: 'all' }
  | { kind: 'literal'; needle: string }
  | { kind: 'regex'; test: JobSearch; required: SearchRequirement | null };

/**
 * `prefilter: false` skips the literal-text check and `fixedPattern: false` the fixed-length matcher
 * (fixed-pattern.ts): tests compare their answers with plain re2js.
 */
export type JobSearchOptions = { prefilter?: boolean; fixedPattern?: boolean };

/**
 * Whether `pattern` is searched as a regular expression, which needs the RE2 engine (regex-engine.ts): until it is
 * loaded, such a pattern is searched as its literal text.
 */
export function needsRegexEngine(pattern: string): boolean {
  const prepared = preparePattern(pattern);
  return regexMetacharacters.test(prepared) && countedRepeatTotal(prepared) <= maxCountedRepeats;
}

export function planJobSearch(pattern: string, options: JobSearchOptions = {}): JobSearchPlan {
  const prepared = preparePattern(pattern);
  if (prepared.length === 0) return { kind: 'all' };
  const literal: JobSearchPlan = { kind: 'literal', needle: searchableText(prepared) };
  if (!regexMetacharacters.test(prepared)) return literal;
  if (countedRepeatTotal(prepared) > maxCountedRepeats) return literal;
  const engine = loadedRegexEngine();
  if (!engine) return literal;
  let regex: RE2JS;
  try {
    regex = engine.compile(prepared, regexFlags(engine));
  } catch {
    return literal; // same answer as the escaped pattern, without a second compile
  }
  if (Number(regex.re2().numberOfInstructions()) > maxProgramSize) return literal;
  // One reading of the pattern serves the prefilter and the fixed-length matcher (search-pattern.ts).
  const read = prepared.length <= maxSearchPatternLength ? readSearchPattern(prepared) : null;
  const indexRequired = options.prefilter === false ? null : patternRequirement(read, { longSAsS: true });
  const fixed = options.fixedPattern === false ? null : compileFixedPattern(read);
  if (fixed) return { kind: 'regex', test: fixed, required: indexRequired };
  const required = options.prefilter === false ? null : patternRequirement(read);
  const test: JobSearch = required
    ? (haystack) => meetsRequirement(required, haystack) && regex.test(haystack)
    : (haystack) => regex.test(haystack);
  return { kind: 'regex', test, required: indexRequired };
}

/**
 * Compiles the board's text search (spec section 5: a case-insensitive regular expression). Shared by the server
 * endpoint and the client so both give the same answer. The returned test expects a lower-cased haystack, as built
 * by `jobHaystack` (or `searchableText` for other text): case-insensitivity relies on it.
 * - Empty or whitespace-only: matches everything. Surrounding whitespace is ignored.
 * - Cut to `maxSearchPatternLength` characters.
 * - No regex metacharacter: a plain lower-cased substring test (fast path).
 * - Otherwise RE2 (re2js): linear time in the input, so `(a+)+$` cannot hang the server the way the built-in
 *   backtracking RegExp can. RE2 syntax: no backreferences, no lookarounds. The engine is provided, not imported
 *   (regex-engine.ts): until it is, such a pattern is searched as literal text (`needsRegexEngine` tells which).
 * - A pattern RE2 refuses ("c++", "(", "[a-", "\1") is searched as literal text, never reported as an error. So
 *   is a pattern too costly to run on the server: counted repeats adding up to more than 100 (`\d{4}` is 4,
 *   `.{2,50}` is 50), or a compiled program over 1000 instructions (nested repeats).
 * - Regex semantics are kept even where they surprise: ".net" also matches "planet" (use "\.net"); accents are
 *   not folded ("montreal" does not find "Montréal").
 * - A regular expression first checks the literal text it cannot match without (search-prefilter.ts), which
 *   spares RE2 most jobs and changes no answer; `options.prefilter: false` skips that check (tests compare both).
 * - A regular expression made of fixed-length choices of ASCII text and classes ("google|meta", "summer 202[67]",
 *   "\bml\b") runs on an exact matcher of its own instead of RE2 (fixed-pattern.ts), about 10x faster; the
 *   answers are the same, and `options.fixedPattern: false` keeps RE2 (tests compare both).
 */
export function compileJobSearch(pattern: string, options: JobSearchOptions = {}): JobSearch {
  const plan = planJobSearch(pattern, options);
  switch (plan.kind) {
    case 'all':
      return matchAll;
    case 'literal': {
      const { needle } = plan;
      return (haystack) => haystack.includes(needle);
    }
    case 'regex':
      return plan.test;
  }
}
