import type { Locale } from '../../../shared/locale.ts';

// The board files countries under their English names ("Germany", "United States"). In French they are shown in
// French ("Allemagne", "États-Unis") through the browser's own region names: the English name is turned back into
// its ISO code once, then named in the interface language. A name the browser does not know is shown as it is.

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let codesByEnglishName: Map<string, string> | null = null;
const displayNames = new Map<Locale, Intl.DisplayNames>();

function codeOf(englishName: string): string | undefined {
  if (!codesByEnglishName) {
    codesByEnglishName = new Map();
    const english = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        const name = english.of(code);
        if (name) codesByEnglishName.set(name.toLowerCase(), code);
      }
    }
  }
  return codesByEnglishName.get(englishName.trim().toLowerCase());
}

/** A country as the board files it, named in `locale` ("United States" -> "États-Unis" in French). */
export function localCountryName(englishName: string, locale: Locale): string {
  if (locale === 'en') return englishName;
  const code = codeOf(englishName);
  if (!code) return englishName;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? englishName;
}
