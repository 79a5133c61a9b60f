import { describe, expect, it } from 'vitest';
import { comingTerms, countryCodes, isCountryCode, workAuthorizationSchema } from './job-preferences.ts';

describe('comingTerms', () => {
  it('starts at the season not yet over and runs about two years ahead', () => {
    expect(comingTerms(new Date(Date.UTC(2026, 10, 26)))).toEqual([
      'fall-2026',
      'winter-2027',
      'spring-2027',
      'summer-2027',
      'fall-2027',
      'winter-2028',
      'spring-2028',
      'summer-2028',
      'fall-2028',
    ]);
  });

  it('moves on once a season has ended (summer 2026 is over in October)', () => {
    expect(comingTerms(new Date(Date.UTC(2026, 8, 30)), 2)).toEqual(['summer-2026', 'fall-2026']);
    expect(comingTerms(new Date(Date.UTC(2026, 9, 1)), 2)).toEqual(['fall-2026', 'winter-2027']);
  });
});

describe('countryCodes', () => {
  it('lists the countries, without groupings or private-use codes', () => {
    const codes = countryCodes();
    expect(codes).toEqual(expect.arrayContaining(['CA', 'US', 'FR', 'IN']));
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('XX');
    expect(codes.every(isCountryCode)).toBe(true);
    expect(codes.length).toBeGreaterThan(200);
  });

  it('lists each country once, under its current code, and saves an old code as the current one', () => {
    const codes = countryCodes();
    expect(codes).not.toContain('DD');
    expect(codes).not.toContain('UK');
    expect(codes).toContain('GB');
    expect(workAuthorizationSchema.parse({ authorizedIn: ['uk', 'GB', 'DD'], needsSponsorship: 'no' })).toEqual({
      authorizedIn: ['GB', 'DE'],
      needsSponsorship: 'no',
    });
  });
});
