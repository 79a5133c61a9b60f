// Every error code the server can answer (src/shared/errors/error-codes.ts) has a text in every language, and the
// `errors` namespace holds no text for a code that no longer exists.
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/errors/error-codes.ts';
import { supportedLocales } from '../../shared/locale.ts';
import { resources } from './i18n.ts';

describe.each(supportedLocales)('the errors namespace in %s', (locale) => {
  const errors = resources[locale].errors;

  it('has a non-empty text for every error code', () => {
    const missing = errorCodes.filter((code) => {
      const text: unknown = (errors.codes as Record<string, unknown>)[code];
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing, `${locale}/errors.json lacks codes`).toEqual([]);
  });

  it('has no text for a code outside the shared list', () => {
    const known = new Set<string>(errorCodes);
    expect(
      Object.keys(errors.codes).filter((key) => !known.has(key)),
      `${locale}/errors.json has stray codes`,
    ).toEqual([]);
  });

  it('has the network and generic fallbacks', () => {
    expect(Object.keys(errors.fallback).sort()).toEqual(['generic', 'network']);
  });
});
