import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.ts';

describe('resolveLocale', () => {
  it('prefers the locale cookie over the global value', () => {
    expect(resolveLocale('theme=dark; locale=fr', 'en')).toBe('fr');
  });

  it('uses the global value when no cookie is set', () => {
    expect(resolveLocale('theme=dark', 'fr')).toBe('fr');
  });

  it('defaults to English when neither is set', () => {
    expect(resolveLocale('', undefined)).toBe('en');
  });

  it('skips an unsupported cookie value instead of failing', () => {
    expect(resolveLocale('locale=de', 'fr')).toBe('fr');
    expect(resolveLocale('locale=de', 'xx')).toBe('en');
  });

  it('matches the cookie name exactly', () => {
    expect(resolveLocale('next_locale=fr', undefined)).toBe('en');
  });
});
