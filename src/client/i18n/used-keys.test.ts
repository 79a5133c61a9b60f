// Every literal key a component passes to `t('...')` names a text in both languages. A key that names a group of
// texts (an object) or nothing at all is shown to the person as the raw key ("settings.name"), which the translation
// files' own checks cannot see. Files that use exactly one namespace (`useTranslation('company')`) are read; a key
// with a `ns:` prefix names its namespace; `returnObjects` calls may name a group; plural keys may exist only as
// `_one`/`_other`. Namespaces extended at run time (`applications-tracker.json` joins `applications`) are merged.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../../shared/locale.ts';

const clientDir = fileURLToPath(new URL('..', import.meta.url));
const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A namespace's texts in one language, with the bundles that join it at run time (`<ns>-<part>.json`). */
function namespace(locale: string, ns: string): Json | undefined {
  const files = readdirSync(join(localesDir, locale)).filter(
    (file) => file === `${ns}.json` || file.startsWith(`${ns}-`),
  );
  if (files.length === 0) return undefined;
  const merged: Record<string, Json> = {};
  for (const file of files.sort()) {
    const parsed = JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8')) as Record<string, Json>;
    for (const [key, value] of Object.entries(parsed)) {
      const existing = merged[key];
      merged[key] =
        existing && typeof existing === 'object' && value && typeof value === 'object'
          ? { ...(existing as Record<string, Json>), ...(value as Record<string, Json>) }
          : value;
    }
  }
  return merged;
}

function lookup(texts: Json | undefined, key: string): Json | undefined {
  let node: Json | undefined = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return node;
}

interface KeyUse {
  file: string;
  ns: string;
  key: string;
  returnObjects: boolean;
}

function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const file of sourceFiles(clientDir)) {
    const source = readFileSync(file, 'utf8');
    const namespaces = new Set([...source.matchAll(/useTranslation\(\s*'([\w-]+)'\s*\)/g)].map((match) => match[1]!));
    if (namespaces.size !== 1) continue;
    const [fileNs] = namespaces;
    for (const match of source.matchAll(/\bt\(\s*'([^'$]+)'\s*(,\s*\{[^}]*returnObjects)?/g)) {
      const [ns, key] = match[1]!.includes(':') ? match[1]!.split(':', 2) : [fileNs!, match[1]!];
      uses.push({ file: file.slice(clientDir.length), ns: ns!, key: key!, returnObjects: Boolean(match[2]) });
    }
  }
  return uses;
}

describe('keys used by components', () => {
  const uses = keyUses();

  it('are found in the sources (the scan reads what it should)', () => {
    expect(uses.length).toBeGreaterThan(500);
    expect(uses.some((use) => use.ns === 'company' && use.key === 'settings.organizationName')).toBe(true);
  });

  it.each(supportedLocales)('name a text in %s', (locale) => {
    const missing = uses
      .filter(({ ns, key, returnObjects }) => {
        const texts = namespace(locale, ns);
        if (texts === undefined) return false;
        const value = lookup(texts, key);
        if (typeof value === 'string') return false;
        if (returnObjects && value !== undefined) return false;
        return !['_one', '_other'].some((suffix) => typeof lookup(texts, key + suffix) === 'string');
      })
      .map(({ file, ns, key }) => `${file}: ${ns}:${key}`);
    expect(missing).toEqual([]);
  });
});
