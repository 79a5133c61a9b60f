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
// - Anything this parser does not fully understand gives up (no prefilter at all).

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

class GiveUp extends Error {}

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

/** A recursive-descent reading of the RE2 subset job searches use; throws GiveUp on anything else. */
class PatternReader {
  private position = 0;
  private readonly pattern: string;
  private readonly longSAsS: boolean;

  constructor(pattern: string, longSAsS: boolean) {
    this.pattern = pattern;
    this.longSAsS = longSAsS;
  }

  read(): Requirement {
    const requirement = this.alternation();
    if (this.position !== this.pattern.length) throw new GiveUp();
    return requirement;
  }

  private peek(): string | undefined {
    return this.pattern[this.position];
  }

  private alternation(): Requirement {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.position += 1;
      branches.push(this.sequence());
    }
    return oneOf(branches);
  }

  private sequence(): Requirement {
    const parts: Requirement[] = [];
    let run = '';
    const flush = () => {
      if (run) parts.push({ kind: 'text', text: run.toLowerCase() });
      run = '';
    }
    for (;;) {
      const char = this.peek();
      if (char === undefined || char === '|' || char === ')') break;
      const atom = this.atom();
      const repeat = this.repetition();
      if (repeat === 'once' && atom.kind === 'char') {
        run += atom.char;
        continue;
      }
      flush();
      if (repeat === 'optional') continue;
      parts.push(atom.kind === 'char' ? { kind: 'text', text: atom.char.toLowerCase() } : atom.requirement);
    }
    flush();
    return allOf(parts);
  }

  /** One atom: a safe literal character, or a requirement (a group, a class, an assertion, another character). */
  private atom(): { kind: 'char'; char: string } | { kind: 'other'; requirement: Requirement } {
    const char = this.peek()!;
    this.position += 1;
    switch (char) {
      case '(': {
        if (this.peek() === '?') {
          // Only the non-capturing group; flags and named groups are left to the engine.
          if (this.pattern.startsWith('?:', this.position)) this.position += 2;
          else throw new GiveUp();
        }
        const inner = this.alternation();
        if (this.peek() !== ')') throw new GiveUp();
        this.position += 1;
        return { kind: 'other', requirement: inner };
      }
      case '[':
        this.skipClass();
        return { kind: 'other', requirement: any };
      case '.':
      case '^':
      case '$':
        return { kind: 'other', requirement: any };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
      case '{':
      case ')':
      case ']':
      case '}':
        throw new GiveUp();
      default:
        return isSafeLiteral(char, this.longSAsS) ? { kind: 'char', char } : { kind: 'other', requirement: any };
    }
  }

  private escape(): { kind: 'char'; char: string } | { kind: 'other'; requirement: Requirement } {
    const next = this.peek();
    if (next === undefined) throw new GiveUp();
    this.position += 1;
    // An escaped punctuation character is that character.
    if (/[!-/:-@[-`{-~]/.test(next)) return isSafeLiteral(next, this.longSAsS) ? { kind: 'char', char: next } : { kind: 'other', requirement: any };
    // Classes and assertions: any text.
    if ('dDwWsSbB'.includes(next)) return { kind: 'other', requirement: any };
    throw new GiveUp();
  }

  /** Skips `[...]` (with `[^`, a leading `]`, escapes and `[:name:]`); the class requires nothing. */
  private skipClass(): void {
    if (this.peek() === '^') this.position += 1;
    if (this.peek() === ']') this.position += 1;
    for (;;) {
      const char = this.peek();
      if (char === undefined) throw new GiveUp();
      this.position += 1;
      if (char === ']') return;
      if (char === '\\') {
        if (this.peek() === undefined || /[pPxQ]/.test(this.peek()!)) throw new GiveUp();
        this.position += 1;
      } else if (char === '[' && this.peek() === ':') {
        const end = this.pattern.indexOf(':]', this.position + 1);
        if (end < 0) throw new GiveUp();
        this.position = end + 2;
      }
    }
  }

  /** 'once' (no quantifier), 'optional' (may be absent: *, ?, {0,..}) or 'some' (+, {n,..} with n >= 1). */
  private repetition(): 'once' | 'optional' | 'some' {
    const char = this.peek();
    let kind: 'optional' | 'some';
    if (char === '*' || char === '?') kind = 'optional';
    else if (char === '+') kind = 'some';
    else if (char === '{') {
      const match = /^\{(\d+)(,\d*)?\}/.exec(this.pattern.slice(this.position));
      if (!match) throw new GiveUp();
      this.position += match[0].length - 1;
      kind = Number(match[1]) === 0 ? 'optional' : 'some';
    } else {
      return 'once';
    }
    this.position += 1;
    if (this.peek() === '?') this.position += 1; // lazy: same text
    // A repeated repetition ("c++") is not valid RE2: searched as literal text, left to the literal check.
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '?' || this.peek() === '{') throw new GiveUp();
    return kind;
  }
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
  let requirement: Requirement;
  try {
    requirement = new PatternReader(pattern, options.longSAsS ?? false).read();
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
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
