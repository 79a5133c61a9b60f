import { describe, expect, it } from 'vitest';
import { entityTag, ifNoneMatchHits, preferredEncoding } from './conditional-get.ts';

describe('entityTag', () => {
  it('quotes the version and drops characters an entity tag cannot hold', () => {
    expect(entityTag('m3k-1a2b')).toBe('"m3k-1a2b"');
    expect(entityTag('a"b\\c')).toBe('"abc"');
  });
});

describe('ifNoneMatchHits', () => {
  it.each([
    ['"v1"', true],
    ['W/"v1"', true],
    ['"v0", "v1"', true],
    ['*', true],
    ['"v2"', false],
    ['v1', false],
    ['', false],
  ])('If-None-Match %j against "v1" -> %s', (header, expected) => {
    expect(ifNoneMatchHits(header, '"v1"')).toBe(expected);
  });

  it('answers false without the header', () => {
    expect(ifNoneMatchHits(undefined, '"v1"')).toBe(false);
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
  ] as const)('Accept-Encoding %j -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('answers identity without the header', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
