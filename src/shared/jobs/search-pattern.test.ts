import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileFixedPattern } from './fixed-pattern.ts';
import { patternRequirement, searchRequirement } from './search-prefilter.ts';
import { readSearchPattern } from './search-pattern.ts';

describe('readSearchPattern', () => {
  it('reads an alternation as its choices of atoms with their quantifiers', () => {
    expect(readSearchPattern('c\\+\\+|go(lang)?')).toEqual([
      [
        { atom: { kind: 'char', char: 'c' }, repeat: null },
        { atom: { kind: 'char', char: '+' }, repeat: null },
        { atom: { kind: 'char', char: '+' }, repeat: null },
      ],
      [
        { atom: { kind: 'char', char: 'g' }, repeat: null },
        { atom: { kind: 'char', char: 'o' }, repeat: null },
        {
          atom: {
            kind: 'group',
            choices: [['l', 'a', 'n', 'g'].map((char) => ({ atom: { kind: 'char', char }, repeat: null }))],
          },
          repeat: { min: 0, max: 1 },
        },
      ],
    ]);
  });

  it('reads classes with negation, a leading "]", ranges, shorthands and POSIX names', () => {
    expect(readSearchPattern('[^]a-c\\d[:alpha:]-]{2,}')).toEqual([
      [
        {
          atom: {
            kind: 'class',
            negated: true,
            members: [
              { kind: 'char', char: ']' },
              { kind: 'range', from: 'a', to: 'c' },
              { kind: 'shorthand', letter: 'd' },
              { kind: 'other' },
              { kind: 'char', char: '-' },
            ],
          },
          repeat: { min: 2, max: Infinity },
        },
      ],
    ]);
  });

  it.each(['(?i)google', '(?P<name>x)', '\\pL', '\\x41', '(a)\\1', 'c++', 'a{2', '[a-', '(', 'a)', '\\'])(
    'gives up (null) on %j, outside the subset',
    (pattern) => {
      expect(readSearchPattern(pattern)).toBeNull();
    },
  );

  it('is the one reading both the prefilter and the fixed-length matcher start from', () => {
    const pattern = '\\b(backend|frontend) engineer';
    const read = readSearchPattern(pattern);
    expect(patternRequirement(read)).toEqual(searchRequirement(pattern));
    const fromReading = compileFixedPattern(read)!;
    const fromText = compileFixedPattern(pattern)!;
    for (const text of ['backend engineer', 'frontend engineers', 'xbackend engineer', 'backend developer']) {
      const expected = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE | RE2JS.MULTILINE).test(text);
      expect(fromReading(text), text).toBe(expected);
      expect(fromText(text), text).toBe(expected);
    }
  });

  it('lets the fixed-length matcher take a literal "[" inside a class, as RE2 reads it', () => {
    const regex = RE2JS.compile('x[[a]', RE2JS.CASE_INSENSITIVE | RE2JS.MULTILINE);
    const fixed = compileFixedPattern('x[[a]');
    expect(fixed).not.toBeNull();
    for (const text of ['x[', 'xa', 'xb', 'x']) expect(fixed!(text), text).toBe(regex.test(text));
  });
});
