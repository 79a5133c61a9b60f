import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './app-pages.routes.ts';

describe('localeFromAcceptLanguage', () => {
  it('picks the supported language with the highest weight', () => {
    expect(localeFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.7,en;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0.5, fr;q=0.6')).toBe('fr');
  });

  it('answers nothing for no header, unsupported languages or q=0', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage('de, es')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr;q=0')).toBeUndefined();
  });
});
