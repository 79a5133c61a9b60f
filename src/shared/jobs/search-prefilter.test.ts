import './regex-engine.fixture.ts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../tests/support/seeded-random.ts';
import { jobSearchCases } from './job-search.cases.ts';
import { compileJobSearch, searchableText } from './job-search.ts';
import { searchPrefilter } from './search-prefilter.ts';

/** The property that matters: the search gives the same answer with and without its prefilter. */
function expectSameAnswer(pattern: string, text: string): void {
  const haystack = searchableText(text);
  expect(compileJobSearch(pattern)(haystack), `${JSON.stringify(pattern)} in ${JSON.stringify(text)}`).toBe(
    compileJobSearch(pattern, { prefilter: false })(haystack),
  );
}

describe('searchPrefilter', () => {
  it.each(jobSearchCases.map((c) => [c.pattern, c.text] as const))(
    'changes no answer of the shared case table: %j in %j',
    (pattern, text) => expectSameAnswer(pattern, text),
  );

  it.each([
    ['google|meta', ['software engineer\ngoogle', 'meta platforms'], ['amazon', 'goggle']],
    ['^senior', ['senior engineer'], ['junior engineer']],
    ['c\\+\\+|rust', ['c++ developer', 'rust engineer'], ['c developer']],
    ['summer 202[67]', ['summer 2026'], ['fall 2026']],
    ['(backend|frontend) engineer', ['backend engineer'], ['backend developer', 'full-stack engineer']],
    ['data.*intern', ['data science intern'], ['data scientist', 'intern']],
    ['go(lang)?', ['go developer'], ['rust developer']],
    ['\\bai\\b', ['ai engineer'], ['ml engineer']],
  ])('lets %j keep only jobs with its literal text', (pattern, kept, dropped) => {
    const prefilter = searchPrefilter(pattern);
    expect(prefilter).not.toBeNull();
    for (const text of kept) expect(prefilter!(searchableText(text)), text).toBe(true);
    for (const text of dropped) expect(prefilter!(searchableText(text)), text).toBe(false);
  });

  it.each([
    ['', 'no pattern'],
    ['software engineer', 'plain text: the search is already a substring test'],
    ['.*', 'requires nothing'],
    ['a|', 'an empty branch matches everything'],
    ['[a-z]+\\d', 'classes only'],
    ['(?i)google', 'inline flags'],
    ['\\pL+oogle', 'Unicode classes'],
    ['(a)\\1', 'a backreference'],
    ['x'.repeat(201), 'longer than the search reads'],
  ])('gives up (null) on %j: %s', (pattern) => {
    expect(searchPrefilter(pattern)).toBeNull();
  });

  it('requires no "s": RE2 matches it against the long s, which lower-casing keeps', () => {
    expect(compileJobSearch('sales|x')(searchableText('ſales'))).toBe(true);
    expect(searchPrefilter('sales|x')!(searchableText('ſales'))).toBe(true);
  });

  it('leaves patterns searched as literal text alone', () => {
    expect(searchPrefilter('[a-')).toBeNull();
    expect(compileJobSearch('a{101}')(searchableText('skills: a{101}'))).toBe(true);
    expect(compileJobSearch('c++')(searchableText('c++ developer'))).toBe(true);
  });

  it('drops jobs the regular expression would drop, and only those, on thousands of generated patterns and texts', () => {
    const tokens = [
      'a',
      'k',
      'K',
      's',
      'S',
      'é',
      'e\u0301',
      '.',
      '*',
      '+',
      '?',
      '|',
      '(',
      ')',
      '(?:',
      '[ab]',
      '[^a]',
      '\\b',
      '\\d',
      '\\s',
      '{2}',
      '{0,1}',
      '^',
      '$',
      '\\.',
      '\\+',
      'ſ',
      ' ',
      'x',
    ];
    const chars = ['a', 'k', '\u212a', 's', 'ſ', 'é', 'e\u0301', '.', ' ', '\n', '+', 'x'];
    const random = seededRandom(42);
    let matched = 0;
    let filtered = 0;
    for (let i = 0; i < 4000; i++) {
      const pattern = Array.from({ length: 1 + random(5) }, () => tokens[random(tokens.length)]).join('');
      const prefilter = searchPrefilter(pattern);
      const search = compileJobSearch(pattern);
      const unfiltered = compileJobSearch(pattern, { prefilter: false });
      for (let j = 0; j < 25; j++) {
        const haystack = searchableText(Array.from({ length: random(8) }, () => chars[random(chars.length)]).join(''));
        const expected = unfiltered(haystack);
        expect(search(haystack), `${JSON.stringify(pattern)} vs ${JSON.stringify(haystack)}`).toBe(expected);
        if (prefilter && expected) matched += 1;
        if (prefilter && !prefilter(haystack)) filtered += 1;
      }
    }
    // Both sides are exercised: prefiltered patterns that match, and jobs the prefilter turns away.
    expect(matched).toBeGreaterThan(100);
    expect(filtered).toBeGreaterThan(100);
  });
});
