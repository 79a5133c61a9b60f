import { describe, expect, it } from 'vitest';
import { defaultLocale, isLocale, parseLocale, supportedLocales } from './locale.ts';

describe('supportedLocales', () => {
  it('offers English and French with English as the default', () => {
    expect(supportedLocales).toEqual(['en', 'fr']);
    expect(defaultLocale).toBe('en');
  });
});

describe('parseLocale', () => {
  it.each(['en', 'fr'])('returns the supported locale %s unchanged', (value) => {
    expect(parseLocale(value)).toBe(value);
  });

  it('rejects an unsupported locale with a message naming the valid ones', () => {
    expect(() => parseLocale('de')).toThrow('Unsupported locale "de". Valid locales: en, fr');
  });

  it.each(['EN', 'en-US', ' fr', '', 'english'])('rejects the near miss %j instead of guessing', (value) => {
    expect(() => parseLocale(value)).toThrow(/^Unsupported locale/);
  });

  it.each([undefined, null, 42])('rejects the non-string %j', (value) => {
    expect(() => parseLocale(value)).toThrow(`Unsupported locale "${String(value)}". Valid locales: en, fr`);
  });
});

describe('isLocale', () => {
  it('tells supported codes from anything else', () => {
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('es')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
