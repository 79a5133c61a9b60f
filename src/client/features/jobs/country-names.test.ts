import { describe, expect, it } from 'vitest';
import { localCountryName } from './country-names.ts';

describe('country names in the interface language', () => {
  it('names the board’s English country names in French', () => {
    expect(localCountryName('United States', 'fr')).toBe('États-Unis');
    expect(localCountryName('Germany', 'fr')).toBe('Allemagne');
    expect(localCountryName('Canada', 'fr')).toBe('Canada');
  });

  it('keeps English as is, and a name it does not know', () => {
    expect(localCountryName('Germany', 'en')).toBe('Germany');
    expect(localCountryName('Atlantis', 'fr')).toBe('Atlantis');
  });
});
