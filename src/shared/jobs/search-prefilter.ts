// A cheap necessary condition for the board's text search, so the regular expression (re2js: linear, but ~3 µs
// per job, much more on a slow phone) only runs on jobs that contain the literal text the pattern cannot match
// without. "google|meta" first keeps the jobs containing "google" or "meta"; "^senior" those containing "enior".
// On 20,000 jobs this turns a 40-60 ms query into 2-5 ms. compileJobSearch applies it to every pattern it runs as
// a regular expression, on the server and in the browser alike. It never changes an answer: the regular
// expression still decides every job that passes, and a test compares the search with and without it on the
// shared case table and thousands of generated patterns.
//
// Soundness rests on two rules:
// - Only ASCII characters become required text, and never "s": the haystack is lower-cased and RE2 matches case-
//   insensitively, and for every other ASCII character the only text RE2 can match it against, once lower-cased,
//   is the character itself ("s" also matches the long s "ſ", which lower-casing keeps). Other characters, and
//   anything not understood, require nothing.
// - Anything outside the subset read by search-pattern.ts gives up (no prefilter at all).

import { type PatternSequence, readSearchPattern, type SearchPattern } from './search-pattern.ts';

/** null: every haystack passes. */
export type Prefilter = ((haystack: string) => boolean) | null;

/** The literal text a pattern cannot match without: `text` must occur in the lower-cased haystack. */
export type SearchRequirement =
  | { kind: 'any' }
  | { kind: 'text'; text: string }
  | { kind: 'all'; of: SearchRequirement[] }
  | { kind: 'oneOf'; of: SearchRequirement[] };

type Requirement = SearchRequirement;

const any: Requirement = { kind: 'any' };

// Plain text needs no prefilter (the search is a substring test already), nor does a pattern longer than the
// search reads.
const regexMetacharacters = /[\\^$.|?*+()[\]{}]/;
const maxPatternLength = 200;

function isSafeLiteral(char: string, longSAsS: boolean): boolean {
  const code = char.charCodeAt(0);
  return code >= 0x20 && code < 0x7f && (longSAsS || (char !== 's' && char !== 'S'));
}

function allOf(parts: Requirement[]): Requirement {
  const useful = parts.filter((part) => part.kind !== 'any');
  if (useful.length === 0) return any;
  return useful.length === 1 ? useful[0]! : { kind: 'all', of: useful };
}

function oneOf(parts: Requirement[]): Requirement {
  // One branch that needs nothing means the whole alternation needs nothing.
  if (parts.some((part) => part.kind === 'any')) return any;
  return parts.length === 1 ? parts[0]! : { kind: 'oneOf', of: parts };
}

function alternationRequirement(choices: readonly PatternSequence[], longSAsS: boolean): Requirement {
  return oneOf(choices.map((choice) => sequenceRequirement(choice, longSAsS)));
}

/** Runs of safe literal characters become one text; classes, assertions and optional atoms require nothing. */
function sequenceRequirement(items: PatternSequence, longSAsS: boolean): Requirement {
  const parts: Requirement[] = [];
  let run = '';
  const flush = () => {
    if (run) parts.push({ kind: 'text', text: run.toLowerCase() });
    run = '';
  };
  for (const { atom, repeat } of items) {
    const literal = atom.kind === 'char' && isSafeLiteral(atom.char, longSAsS) ? atom.char : null;
    if (repeat === null && literal !== null) {
      run += literal;
      continue;
    }
    flush();
    if (repeat !== null && repeat.min === 0) continue;
    if (literal !== null) parts.push({ kind: 'text', text: literal.toLowerCase() });
    else if (atom.kind === 'group') parts.push(alternationRequirement(atom.choices, longSAsS));
  }
  flush();
  return allOf(parts);
}

function test(requirement: Requirement, haystack: string): boolean {
  switch (requirement.kind) {
    case 'any':
      return true;
    case 'text':
      return haystack.includes(requirement.text);
    case 'all':
      return requirement.of.every((part) => test(part, haystack));
    case 'oneOf':
      return requirement.of.some((part) => test(part, haystack));
  }
}

/**
 * What a regular-expression search `pattern` (as compileJobSearch prepares it: NFC, trimmed, cut) requires of a
 * haystack, or null when it requires nothing known. An index of many haystacks may use it to rule jobs out.
 * `longSAsS`: the text may hold "s", to be looked up in haystacks where the long s "ſ" was read as "s" (an index
 * that folds it that way); without it, the text holds for the haystack itself (`includes`).
 */
export function searchRequirement(pattern: string, options: { longSAsS?: boolean } = {}): SearchRequirement | null {
  if (!regexMetacharacters.test(pattern) || pattern.length > maxPatternLength) return null;
  return patternRequirement(readSearchPattern(pattern), options);
}

/** `searchRequirement` of a pattern already read by search-pattern.ts (null: outside its subset, nothing known). */
export function patternRequirement(
  pattern: SearchPattern | null,
  options: { longSAsS?: boolean } = {},
): SearchRequirement | null {
  if (pattern === null) return null;
  const requirement = alternationRequirement(pattern, options.longSAsS ?? false);
  return requirement.kind === 'any' ? null : requirement;
}

/** Whether `haystack` (lower-cased like `jobHaystack`'s) meets `requirement`. */
export function meetsRequirement(requirement: SearchRequirement, haystack: string): boolean {
  return test(requirement, haystack);
}

/**
 * The prefilter for a regular-expression search `pattern` (as compileJobSearch prepares it: NFC, trimmed, cut),
 * or null when it cannot help. The test expects a haystack lower-cased like `jobHaystack`'s.
 */
export function searchPrefilter(pattern: string): Prefilter {
  const requirement = searchRequirement(pattern);
  return requirement ? (haystack) => test(requirement, haystack) : null;
}
