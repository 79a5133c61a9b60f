// The library's plain entry with English only: its Node entry registers every language (~80), which the server
// would keep in memory for nothing.
import countries from 'i18n-iso-countries/index.js';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { BoardPlace, WorkMode } from './board-place.ts';
import { commonCountryNames, countryAliases, type CountryCode, keyOf, regionsOf } from './place-names.ts';

countries.registerLocale(english);

// Files a free-text feed location ("Toronto, ON, Canada", "Remote in USA", "NYC", "London, UK") under one country,
// region and city, so the board's filters offer real places only. Country names, ISO codes and their aliases come
// from i18n-iso-countries; the regions (US states, Canadian provinces and territories) and the few well-known cities
// a feed writes without a country are small tables here. See docs/decisions/008-places-and-saved-jobs.md.

/** Display names where the ISO table's English name is not the everyday one. */
const countryDisplayNames: Record<CountryCode, string> = {
  ...commonCountryNames,
  KR: 'South Korea',
  TW: 'Taiwan',
  CN: 'China',
  RU: 'Russia',
  CZ: 'Czechia',
  VN: 'Vietnam',
  IR: 'Iran',
  SY: 'Syria',
  VE: 'Venezuela',
  BO: 'Bolivia',
  TZ: 'Tanzania',
  MD: 'Moldova',
  LA: 'Laos',
  KP: 'North Korea',
  NL: 'Netherlands',
};

export function countryName(code: CountryCode): string {
  return countryDisplayNames[code] ?? countries.getName(code, 'en') ?? code;
}

/** A country by name, alias, ISO alpha-3 or alpha-2 code ("USA", "Canada", "CAN", "UK", "IN"), or null. */
export function countryCodeOf(text: string): CountryCode | null {
  const key = keyOf(text);
  if (key === '') return null;
  const alias = countryAliases[key];
  if (alias) return alias;
  const byName = countries.getAlpha2Code(key, 'en');
  if (byName) return byName;
  const upper = key.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper)) return countries.alpha3ToAlpha2(upper) ?? null;
  if (/^[A-Z]{2}$/.test(upper) && countries.isValid(upper)) return upper;
  return null;
}

type KnownCity = { city: string; region: string | null; country: CountryCode };

// Cities feeds write on their own ("London", "NYC", "Bangalore"): each filed where everyone means it. Only used
// when the text names no region, so "London, ON" and "Dublin, OH" keep theirs.
const knownCities: Record<string, KnownCity> = {};
function addCity(names: string[], city: string, region: string | null, country: CountryCode): void {
  for (const name of names) knownCities[keyOf(name)] = { city, region, country };
}
addCity(['NYC', 'New York City', 'Manhattan'], 'New York', 'New York', 'US');
addCity(['SF', 'San Francisco', 'San Francisco Bay Area'], 'San Francisco', 'California', 'US');
addCity(['LA', 'Los Angeles'], 'Los Angeles', 'California', 'US');
addCity(['Seattle'], 'Seattle', 'Washington', 'US');
addCity(['Boston'], 'Boston', 'Massachusetts', 'US');
addCity(['Chicago'], 'Chicago', 'Illinois', 'US');
addCity(['Austin'], 'Austin', 'Texas', 'US');
addCity(['Toronto'], 'Toronto', 'Ontario', 'CA');
addCity(['Ottawa'], 'Ottawa', 'Ontario', 'CA');
addCity(['Waterloo, Ontario', 'Kitchener'], 'Kitchener', 'Ontario', 'CA');
addCity(['Vancouver'], 'Vancouver', 'British Columbia', 'CA');
addCity(['Montreal', 'Montréal'], 'Montreal', 'Quebec', 'CA');
addCity(['Calgary'], 'Calgary', 'Alberta', 'CA');
addCity(['Edmonton'], 'Edmonton', 'Alberta', 'CA');
addCity(['Winnipeg'], 'Winnipeg', 'Manitoba', 'CA');
addCity(['Halifax'], 'Halifax', 'Nova Scotia', 'CA');
addCity(['London'], 'London', null, 'GB');
addCity(['Edinburgh'], 'Edinburgh', null, 'GB');
addCity(['Dublin'], 'Dublin', null, 'IE');
addCity(['Bangalore', 'Bengaluru'], 'Bengaluru', null, 'IN');
addCity(['Hyderabad'], 'Hyderabad', null, 'IN');
addCity(['Pune'], 'Pune', null, 'IN');
addCity(['Mumbai'], 'Mumbai', null, 'IN');
addCity(['Chennai'], 'Chennai', null, 'IN');
addCity(['Delhi', 'New Delhi'], 'New Delhi', null, 'IN');
addCity(['Gurgaon', 'Gurugram'], 'Gurugram', null, 'IN');
addCity(['Noida'], 'Noida', null, 'IN');
addCity(['Berlin'], 'Berlin', null, 'DE');
addCity(['Munich', 'München'], 'Munich', null, 'DE');
addCity(['Paris'], 'Paris', null, 'FR');
addCity(['Amsterdam'], 'Amsterdam', null, 'NL');
addCity(['Zurich', 'Zürich'], 'Zurich', null, 'CH');
addCity(['Tel Aviv'], 'Tel Aviv', null, 'IL');
addCity(['Tokyo'], 'Tokyo', null, 'JP');
addCity(['Seoul'], 'Seoul', null, 'KR');
addCity(['Sydney'], 'Sydney', null, 'AU');
addCity(['Shanghai'], 'Shanghai', null, 'CN');
addCity(['Beijing'], 'Beijing', null, 'CN');
addCity(['Taipei'], 'Taipei', null, 'TW');
addCity(['Warsaw'], 'Warsaw', null, 'PL');
addCity(['Madrid'], 'Madrid', null, 'ES');
addCity(['Barcelona'], 'Barcelona', null, 'ES');

const remoteWords = /\b(remote|telecommute|work from home|wfh)\b/i;
const hybridWords = /\bhybrid\b/i;
// What is left of "Global Remote", "Remote in USA", "Remote - Canada", "Toronto, ON (Hybrid)" once the mode is known.
const modeWords =
  /\b(remote|hybrid|telecommute|work from home|wfh|global|worldwide|anywhere|fully|first|friendly|only|in)\b/gi;

function modeOf(text: string): WorkMode {
  if (hybridWords.test(text)) return 'hybrid';
  if (remoteWords.test(text)) return 'remote';
  return 'onsite';
}

function withoutModeWords(text: string): string {
  return text.replace(modeWords, ' ').replace(/[()[\]/|–—-]/g, ',');
}

const nothing = { country: null, region: null, city: null };

/**
 * Files one feed location. The comma parts are read from the end, as the spec's parsing rule reads them (country,
 * then state, then city), but each part is checked against what it names:
 * - the last part is the country when it names one and is not a US state or Canadian region code or name ("CA" after
 *   "ON" is Canada, "San Jose, CA" is California; "Georgia" on its own is the state);
 * - then a region of that country (or of the US, then Canada, when no country was named): "Toronto, ON" is Canada;
 * - then the city (the part nearest the region: "Jamaica Plain, Boston, MA" is Boston);
 * - a city named with no region ("London", "Toronto, Canada", "NYC") takes its well-known region and country.
 * Parts naming nothing known leave their level empty rather than inventing a country. "Remote", "Hybrid" and the
 * like set the work mode and are never a place.
 */
export function normalizePlace(text: string): BoardPlace {
  const mode = modeOf(text);
  const cleaned = mode === 'onsite' ? text : withoutModeWords(text);
  const parts = cleaned
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0 && /\p{L}/u.test(part));
  if (parts.length === 0) return { ...nothing, mode };

  if (parts.length === 1) {
    const known = knownCities[keyOf(parts[0]!)];
    if (known) return { country: countryName(known.country), region: known.region, city: known.city, mode };
  }

  let end = parts.length;
  let country: CountryCode | null = null;
  const last = parts[end - 1]!;
  const lastCountry = countryCodeOf(last);
  if (lastCountry !== null) {
    const lastIsRegion = regionsOf(last, null).length > 0;
    const previous = end >= 2 ? parts[end - 2]! : null;
    const previousIsRegionOfIt = previous !== null && regionsOf(previous, lastCountry).length > 0;
    // "CA", "IN", "GA", "Georgia": a region unless the part before is a region of the country it would name.
    if (!lastIsRegion || (end >= 3 && previousIsRegionOfIt) || (end === 2 && previousIsRegionOfIt)) {
      country = lastCountry;
      end -= 1;
    }
  }

  let region: string | null = null;
  if (end > 0) {
    const candidates = regionsOf(parts[end - 1]!, country);
    // Without a named country a code such as "CA" is read as a US state first (the spec's default country).
    const found = candidates.find((candidate) => candidate.country === 'US') ?? candidates[0];
    if (found) {
      region = found.name;
      country ??= found.country;
      end -= 1;
    }
  }

  // "Bengaluru, Karnataka, India": a region slot this table does not know sits between the city and the country.
  const unknownRegionSlot = country !== null && region === null && end >= 2 ? 1 : 0;
  let city = end > 0 ? parts[end - 1 - unknownRegionSlot]! : null;
  if (city !== null) {
    const known = knownCities[keyOf(city)];
    const fits =
      known && (country === null || known.country === country) && (region === null || known.region === region);
    if (known && fits) {
      country ??= known.country;
      region ??= known.region;
      city = known.city;
    } else if (country === null && region === null) {
      // "Somewhere, XY" with nothing known: no country to file it under, so no city either.
      city = null;
    }
  }
  return { country: country === null ? null : countryName(country), region, city, mode };
}

/** The new-grad feed's `normalized_locations` entry (only the fields used). */
export type FeedNormalizedLocation = {
  raw?: string | null;
  normalized?: {
    city?: string | null;
    region?: string | null;
    region_code?: string | null;
    country?: string | null;
    country_code?: string | null;
  } | null;
  type?: string | null;
  unresolved?: boolean | null;
};

function feedMode(type: string | null | undefined, raw: string): WorkMode {
  if (type === 'remote' || type === 'hybrid' || type === 'onsite') return type;
  return modeOf(raw);
}

/**
 * A place from the new-grad feed's own normalization (country, region and work type), brought to the same names as
 * normalizePlace (so both feeds share facet values); null when the entry is unresolved or names no country, so the
 * caller falls back to normalizePlace on the raw text.
 */
export function placeFromFeed(entry: FeedNormalizedLocation, rawText: string): BoardPlace | null {
  if (entry.unresolved) return null;
  const normalized = entry.normalized;
  if (!normalized) return null;
  const code =
    (normalized.country_code ? countryCodeOf(normalized.country_code) : null) ??
    (normalized.country ? countryCodeOf(normalized.country) : null);
  if (code === null) return null;
  const mode = feedMode(entry.type, entry.raw ?? rawText);
  const regionText = normalized.region_code ?? normalized.region ?? null;
  const region = regionText ? (regionsOf(regionText, code)[0]?.name ?? null) : null;
  // Remote entries carry the raw text as a "city" ("Remote In Usa"): that is no city.
  const cityText = normalized.city?.trim() || null;
  const city = cityText && !remoteWords.test(cityText) && !hybridWords.test(cityText) ? cityText : null;
  // Outside the US and Canada the region tables have nothing, so, like normalizePlace, no region there; inside
  // them a city is only filed under a known region.
  const inRegionCountry = code === 'US' || code === 'CA';
  return {
    country: countryName(code),
    region: inRegionCountry ? region : null,
    city: inRegionCountry && region === null ? null : city,
    mode,
  };
}

/**
 * The places of a listing: the feed's normalization for a location when it has one for that text, normalizePlace
 * otherwise. One place per location text, in the listing's order.
 */
export function placesOf(
  locations: readonly string[],
  normalized?: readonly FeedNormalizedLocation[] | null,
): BoardPlace[] {
  const byRaw = new Map<string, FeedNormalizedLocation>();
  for (const entry of normalized ?? []) if (entry.raw) byRaw.set(entry.raw.trim(), entry);
  return locations.map((text) => {
    const entry = byRaw.get(text.trim());
    return (entry ? placeFromFeed(entry, text) : null) ?? normalizePlace(text);
  });
}
