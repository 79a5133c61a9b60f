// Every user-visible string exists in both languages: a key added in one locale only, or left empty, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../../shared/locale.ts';

const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens nested objects and arrays into dotted paths (`nav.links.0.title`) with their leaf values. */
function leaves(value: Json, prefix = ''): Map<string, Json> {
  const result = new Map<string, Json>();
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    // A nested `{}` or `[]` holds no text: report it like an empty string (a whole empty file is allowed).
    if (entries.length === 0 && prefix !== '') result.set(prefix, '');
    for (const [key, child] of entries) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) result.set(path, leaf);
    }
    return result;
  }
  result.set(prefix, value);
  return result;
}

function readNamespace(locale: string, file: string): Json {
  return JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8')) as Json;
}

const namespaceFiles = [...new Set(supportedLocales.flatMap((locale) => readdirSync(join(localesDir, locale))))]
  .filter((file) => file.endsWith('.json'))
  .sort();

describe('translation files', () => {
  it('exist for the namespaces the app loads', () => {
    expect(namespaceFiles).toEqual(
      expect.arrayContaining(['auth.json', 'common.json', 'dashboard.json', 'marketing.json']),
    );
  });

  it.each(namespaceFiles)('%s exists in every locale', (file) => {
    for (const locale of supportedLocales) {
      expect(readdirSync(join(localesDir, locale)), `${locale}/${file}`).toContain(file);
    }
  });

  describe.each(namespaceFiles)('%s', (file) => {
    const byLocale = supportedLocales.map((locale) => ({ locale, keys: leaves(readNamespace(locale, file)) }));

    it.each(byLocale)('in $locale has every key the other locales have', ({ locale, keys }) => {
      const missing = byLocale
        .filter((other) => other.locale !== locale)
        .flatMap((other) =>
          [...other.keys.keys()].filter((key) => !keys.has(key)).map((key) => `${key} (in ${other.locale})`),
        );
      expect(missing, `${locale}/${file} is missing keys`).toEqual([]);
    });

    it.each(byLocale)('in $locale has no empty or non-text values', ({ locale, keys }) => {
      const empty = [...keys]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, `${locale}/${file} has empty values`).toEqual([]);
    });

    it.each(byLocale)('in $locale uses the same {{placeholders}} as the other locales', ({ locale, keys }) => {
      const placeholders = (value: Json | undefined) =>
        [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const mismatched = byLocale
        .filter((other) => other.locale !== locale)
        .flatMap((other) =>
          [...other.keys].filter(
            ([key, value]) => keys.has(key) && placeholders(keys.get(key)).join() !== placeholders(value).join(),
          ),
        )
        .map(([key]) => key);
      expect(mismatched, `${locale}/${file} placeholders differ`).toEqual([]);
    });
  });
});
