import './regex-engine.fixture.ts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../tests/support/seeded-random.ts';
import { compileFixedPattern } from './fixed-pattern.ts';
import { jobSearchCases } from './job-search.cases.ts';
import { compileJobSearch, planJobSearch, searchableText } from './job-search.ts';

/** The answer of plain re2js, without the prefilter or the fixed-length matcher. */
const re2Only = (pattern: string) => compileJobSearch(pattern, { prefilter: false, fixedPattern: false });

function expectSameAnswer(pattern: string, text: string): void {
  const haystack = searchableText(text);
  expect(compileJobSearch(pattern)(haystack), `${JSON.stringify(pattern)} in ${JSON.stringify(text)}`).toBe(
    re2Only(pattern)(haystack),
  );
}

describe('compileFixedPattern', () => {
  it.each(jobSearchCases.map((c) => [c.pattern, c.text] as const))(
    'answers as RE2 on the shared case table: %j in %j',
    (pattern, text) => expectSameAnswer(pattern, text),
  );

  it.each([
    ['google|meta', ['software engineer\ngoogle', 'meta platforms'], ['amazon', 'goggle']],
    ['summer 202[67]', ['intern\nsummer 2026', 'summer 2027'], ['summer 2025', 'fall 2026']],
    ['c\\+\\+', ['c++ developer'], ['c developer', 'c+ developer']],
    ['\\bml\\b', ['ml engineer', 'html\nml', 'ai/ml'], ['html', 'mlops', 'xml']],
    ['^senior', ['senior engineer', 'acme\nsenior'], ['junior senior']],
    ['intern$', ['software intern', 'software intern\nacme'], ['internship']],
    ['swe|sde', ['swe intern', 'sde ii'], ['software engineer']],
    ['[0-9]+', ['summer 2026'], ['no digits']],
    ['san (francisco|jose)', ['san jose, ca', 'san francisco'], ['san diego']],
    ['co-?op', ['co-op', 'coop'], ['co op']],
    ['\\d{4}', ['2026'], ['202']],
    ['[A-Z]{2}\\d', ['level ab1'], ['level a1']],
    ['a{30}', ['a'.repeat(30), `x${'a'.repeat(31)}`], ['a'.repeat(29)]],
  ])('matches %j exactly', (pattern, kept, dropped) => {
    const test = compileFixedPattern(pattern);
    expect(test, 'takes the fixed-length path').not.toBeNull();
    for (const text of kept) expect(test!(searchableText(text)), text).toBe(true);
    for (const text of dropped) expect(test!(searchableText(text)), text).toBe(false);
    for (const text of [...kept, ...dropped]) expectSameAnswer(pattern, text);
  });

  it.each([
    ['.*', 'any character (non-ASCII and surrogate pairs)'],
    ['data.*intern', 'an unbounded repeat inside the pattern'],
    ['[^a]', 'a negated class'],
    ['\\W', 'a negated shorthand'],
    ['(?i)google', 'inline flags'],
    ['\\pL+', 'Unicode classes'],
    ['montréal|x', 'non-ASCII text'],
    ['(ab)+', 'a repeated group without bound'],
    ['^$', 'assertions of both kinds, no text'],
    ['a\\bb', 'an assertion inside'],
    ['a{31}', 'longer than 30 positions'],
  ])('gives up (null) on %j: %s', (pattern) => {
    expect(compileFixedPattern(pattern)).toBeNull();
  });

  it('gives up past 64 choices; a class is one position, not a choice', () => {
    expect(compileFixedPattern('a?'.repeat(6))).not.toBeNull();
    expect(compileFixedPattern('a?'.repeat(7))).toBeNull();
    expect(compileFixedPattern('[ab]'.repeat(30))).not.toBeNull();
  });

  it('matches every haystack when a choice needs no text', () => {
    for (const [pattern, text] of [
      ['x|', 'anything'],
      ['a*', ''],
      ['^', ''],
      ['^', 'one\ntwo'],
      ['$', 'anything'],
      ['(?:^)', 'x'],
    ] as const) {
      expect(compileFixedPattern(pattern), pattern).not.toBeNull();
      expect(compileFixedPattern(pattern)!(text), `${pattern} in ${JSON.stringify(text)}`).toBe(true);
      expect(re2Only(pattern)(text), `${pattern} in ${JSON.stringify(text)} (RE2)`).toBe(true);
    }
    expect(compileFixedPattern('\\b')).toBeNull();
  });

  it('folds "s" and "k" to the long s and the Kelvin sign as RE2 does', () => {
    for (const [pattern, text] of [
      ['sales|x', 'ſales'],
      ['[r-t]ql', 'ſql'],
      ['\\w{3}', 'aſb'],
      ['kelvin|x', '\u212aelvin'],
    ] as const) {
      expect(compileFixedPattern(pattern), pattern).not.toBeNull();
      expect(compileFixedPattern(pattern)!(text), `${pattern} in ${text}`).toBe(true);
      expect(re2Only(pattern)(text), `${pattern} in ${text} (RE2)`).toBe(true);
    }
    // Neither is an ASCII word character for \b.
    for (const [pattern, text, expected] of [
      ['\\bx', 'ſx', true],
      ['\\bkelvin', '\u212aelvin', false],
    ] as const) {
      expect(compileFixedPattern(pattern)!(text), `${pattern} in ${text}`).toBe(expected);
      expect(re2Only(pattern)(text), `${pattern} in ${text} (RE2)`).toBe(expected);
    }
  });

  it('answers as RE2 on thousands of generated patterns and haystacks', () => {
    const tokens = [
      'a',
      'b',
      'k',
      'K',
      's',
      'S',
      '-',
      ' ',
      '1',
      '_',
      '[ab]',
      '[a-c]',
      '[0-9]',
      '[s-t]',
      '[]a]',
      '[a-]',
      '\\d',
      '\\w',
      '\\s',
      '\\b',
      '^',
      '$',
      '|',
      '(',
      ')',
      '(?:',
      '?',
      '*',
      '+',
      '{2}',
      '{0,2}',
      '{1,}',
      '\\-',
      '\\+',
      '.',
      '[^a]',
      'é',
    ];
    const chars = ['a', 'b', 'k', '\u212a', 's', 'ſ', 'é', '1', '2', ' ', '\n', '-', '+', '_', '😀', 'c'];
    const random = seededRandom(7);
    let fixedPatterns = 0;
    let fixedMatches = 0;
    let fixedMisses = 0;
    for (let i = 0; i < 6000; i++) {
      const pattern = Array.from({ length: 1 + random(6) }, () => tokens[random(tokens.length)])
        .join('')
        .trim();
      const search = compileJobSearch(pattern);
      const reference = re2Only(pattern);
      // The search asks the fixed-length matcher only about patterns RE2 accepts as regular expressions.
      const fixed = planJobSearch(pattern).kind === 'regex' ? compileFixedPattern(pattern) : null;
      if (fixed) fixedPatterns += 1;
      for (let j = 0; j < 20; j++) {
        const haystack = searchableText(Array.from({ length: random(10) }, () => chars[random(chars.length)]).join(''));
        const expected = reference(haystack);
        const label = `${JSON.stringify(pattern)} vs ${JSON.stringify(haystack)}`;
        expect(search(haystack), label).toBe(expected);
        if (!fixed) continue;
        expect(fixed(haystack), label).toBe(expected);
        if (expected) fixedMatches += 1;
        else fixedMisses += 1;
      }
    }
    // The fixed-length path is exercised on both answers.
    expect(fixedPatterns).toBeGreaterThan(1000);
    expect(fixedMatches).toBeGreaterThan(2000);
    expect(fixedMisses).toBeGreaterThan(2000);
  });
});
