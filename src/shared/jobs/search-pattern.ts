// The one reader of the regular-expression subset that job searches use. It turns a pattern (as job-search.ts
// prepares it, and already accepted by re2js) into its choices of atoms, and two readers of that structure make
// the search fast without ever changing an answer: search-prefilter.ts (the literal text a pattern cannot match
// without) and fixed-pattern.ts (an exact matcher for fixed-length choices). Each of them gives up on the parts it
// does not handle; this reader gives up (null) on anything outside the subset, and then the search keeps re2js.
//
// The subset: literal characters and escaped punctuation, `.`, `^`, `$`, `\b`, `\B`, `\d \D \w \W \s \S`,
// character classes (negated, with ranges, escapes and `[:name:]`), groups `(...)` and `(?:...)`, `|`, and the
// quantifiers `? * + {n} {n,} {n,m}` (a lazy `?` after them changes no answer). Not in it: flags, named groups,
// backreferences, Unicode classes (`\pL`), `\x41`, `\Q...\E`, `\A`, `\z` and other escapes.

export type PatternAssertion = 'lineStart' | 'lineEnd' | 'wordBoundary' | 'notWordBoundary';

export type ShorthandClass = 'd' | 'D' | 'w' | 'W' | 's' | 'S';

/** One member of a character class `[...]`. */
export type ClassMember =
  | { kind: 'char'; char: string }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'shorthand'; letter: ShorthandClass }
  /** `[:alpha:]`, an escape such as `\n`, or a range whose ends are not two characters. */
  | { kind: 'other' };

export type PatternAtom =
  /** One character, written as itself or as escaped punctuation (`\+`). */
  | { kind: 'char'; char: string }
  | { kind: 'dot' }
  | { kind: 'shorthand'; letter: ShorthandClass }
  | { kind: 'class'; negated: boolean; members: ClassMember[] }
  | { kind: 'assert'; assertion: PatternAssertion }
  | { kind: 'group'; choices: PatternSequence[] };

/** `max` is Infinity for `*`, `+` and `{n,}`. */
export type PatternRepeat = { min: number; max: number };

export type PatternItem = { atom: PatternAtom; repeat: PatternRepeat | null };

/** One choice of an alternation: its atoms in order. */
export type PatternSequence = PatternItem[];

/** A pattern as the choices of its top-level alternation ("a|b" has two, "ab" one). */
export type SearchPattern = PatternSequence[];

class OutsideSubset extends Error {}

const punctuation = /[!-/:-@[-`{-~]/;
const shorthandLetters = 'dDwWsS';

function isShorthand(letter: string): letter is ShorthandClass {
  return shorthandLetters.includes(letter);
}

/** A recursive-descent reading of the subset; throws OutsideSubset on anything else. */
class SearchPatternReader {
  private position = 0;
  private readonly pattern: string;

  constructor(pattern: string) {
    this.pattern = pattern;
  }

  read(): SearchPattern {
    const choices = this.alternation();
    if (this.position !== this.pattern.length) throw new OutsideSubset();
    return choices;
  }

  private peek(): string | undefined {
    return this.pattern[this.position];
  }

  private alternation(): PatternSequence[] {
    const choices = [this.sequence()];
    while (this.peek() === '|') {
      this.position += 1;
      choices.push(this.sequence());
    }
    return choices;
  }

  private sequence(): PatternSequence {
    const items: PatternSequence = [];
    for (;;) {
      const char = this.peek();
      if (char === undefined || char === '|' || char === ')') return items;
      const atom = this.atom();
      items.push({ atom, repeat: this.repetition() });
    }
  }

  private atom(): PatternAtom {
    const char = this.peek()!;
    this.position += 1;
    switch (char) {
      case '(': {
        if (this.peek() === '?') {
          // Only the non-capturing group; flags and named groups are outside the subset.
          if (this.pattern.startsWith('?:', this.position)) this.position += 2;
          else throw new OutsideSubset();
        }
        const choices = this.alternation();
        if (this.peek() !== ')') throw new OutsideSubset();
        this.position += 1;
        return { kind: 'group', choices };
      }
      case '[':
        return this.charClass();
      case '.':
        return { kind: 'dot' };
      case '^':
        return { kind: 'assert', assertion: 'lineStart' };
      case '$':
        return { kind: 'assert', assertion: 'lineEnd' };
      case '\\': {
        const next = this.peek();
        if (next === undefined) throw new OutsideSubset();
        this.position += 1;
        if (punctuation.test(next)) return { kind: 'char', char: next };
        if (next === 'b') return { kind: 'assert', assertion: 'wordBoundary' };
        if (next === 'B') return { kind: 'assert', assertion: 'notWordBoundary' };
        if (isShorthand(next)) return { kind: 'shorthand', letter: next };
        throw new OutsideSubset();
      }
      case '*':
      case '+':
      case '?':
      case '{':
      case ')':
      case ']':
      case '}':
        throw new OutsideSubset();
      default:
        return { kind: 'char', char };
    }
  }

  /** One member of a class, without ranges. */
  private classMember(): ClassMember {
    const char = this.peek();
    if (char === undefined) throw new OutsideSubset();
    this.position += 1;
    if (char === '\\') {
      const next = this.peek();
      if (next === undefined || /[pPxQ]/.test(next)) throw new OutsideSubset();
      this.position += 1;
      if (punctuation.test(next)) return { kind: 'char', char: next };
      if (isShorthand(next)) return { kind: 'shorthand', letter: next };
      return { kind: 'other' };
    }
    if (char === '[' && this.peek() === ':') {
      const end = this.pattern.indexOf(':]', this.position + 1);
      if (end < 0) throw new OutsideSubset();
      this.position = end + 2;
      return { kind: 'other' };
    }
    return { kind: 'char', char };
  }

  /** `[...]` after its `[`: a leading `^` negates it, a `]` right after `[` or `[^` is a member. */
  private charClass(): PatternAtom {
    const negated = this.peek() === '^';
    if (negated) this.position += 1;
    const members: ClassMember[] = [];
    let first = true;
    for (;;) {
      const char = this.peek();
      if (char === undefined) throw new OutsideSubset();
      if (char === ']' && !first) {
        this.position += 1;
        return { kind: 'class', negated, members };
      }
      first = false;
      const from = this.classMember();
      const next = this.pattern[this.position + 1];
      if (from.kind === 'char' && this.peek() === '-' && next !== ']' && next !== undefined) {
        this.position += 1;
        const to = this.classMember();
        members.push(to.kind === 'char' ? { kind: 'range', from: from.char, to: to.char } : { kind: 'other' });
      } else {
        members.push(from);
      }
    }
  }

  /** null (none), or the bounds of `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (a lazy `?` after it changes nothing). */
  private repetition(): PatternRepeat | null {
    const char = this.peek();
    let bounds: PatternRepeat;
    if (char === '?') bounds = { min: 0, max: 1 };
    else if (char === '*') bounds = { min: 0, max: Infinity };
    else if (char === '+') bounds = { min: 1, max: Infinity };
    else if (char === '{') {
      const match = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.pattern.slice(this.position));
      if (!match) throw new OutsideSubset();
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity;
      this.position += match[0].length - 1;
      bounds = { min, max };
    } else {
      return null;
    }
    this.position += 1;
    if (this.peek() === '?') this.position += 1;
    // A repeated repetition ("c++") is not valid RE2.
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '?' || this.peek() === '{') {
      throw new OutsideSubset();
    }
    return bounds;
  }
}

/** `pattern` read as the subset, or null when any part of it is outside the subset. */
export function readSearchPattern(pattern: string): SearchPattern | null {
  try {
    return new SearchPatternReader(pattern).read();
  } catch (error) {
    if (error instanceof OutsideSubset) return null;
    throw error;
  }
}
