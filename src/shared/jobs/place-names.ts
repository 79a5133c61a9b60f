// The names the board's place filters compare, without any country table: US states and Canadian provinces and
// territories, and the everyday aliases of the countries the feeds name most. Used by normalize-place.ts (the
// server, at ingestion) and by the filters on both sides, so a link written as ?country=USA&state=CA still finds
// "United States" / "California".

export type CountryCode = string; // ISO 3166-1 alpha-2
export type Region = { code: string; name: string; country: CountryCode };

const usStates: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};

const canadianRegions: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** Lower case, no dots, single spaces, accents folded: "U.S.", "u.s" and "US" are one key; "Québec" is "quebec". */
export function keyOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export const regionsByKey = new Map<string, Region[]>();
function addRegion(key: string, region: Region): void {
  const list = regionsByKey.get(key) ?? [];
  list.push(region);
  regionsByKey.set(key, list);
}
for (const [table, country] of [
  [usStates, 'US'],
  [canadianRegions, 'CA'],
] as const) {
  for (const [code, name] of Object.entries(table)) {
    const region = { code, name, country };
    addRegion(keyOf(code), region);
    addRegion(keyOf(name), region);
  }
}
addRegion('quebec city', { code: 'QC', name: 'Quebec', country: 'CA' });
addRegion('washington dc', { code: 'DC', name: 'District of Columbia', country: 'US' });

// Spellings the ISO tables do not carry (or carry for another meaning), and constituent countries filed under theirs.
export const countryAliases: Record<string, CountryCode> = {
  us: 'US',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  america: 'US',
  can: 'CA',
  canada: 'CA',
  uk: 'GB',
  'united kingdom': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  gb: 'GB',
};

/** The display names of the alias targets above (the normalizer names every other country from its ISO table). */
export const commonCountryNames: Record<CountryCode, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
};

/** A region of `country` (any, US first, when null) by code or name. */
export function regionsOf(text: string, country: CountryCode | null): Region[] {
  const found = regionsByKey.get(keyOf(text)) ?? [];
  return country === null ? found : found.filter((region) => region.country === country);
}

/**
 * The lower-cased value a place filter compares: "USA", "US" and "United States" are "united states"; a state
 * code is its name ("CA" in the United States is "california", "ON" in Canada "ontario"). Other text is only
 * lower-cased.
 */
export function filterCountryKey(text: string): string {
  const code = countryAliases[keyOf(text)];
  return (code ? commonCountryNames[code]! : text.trim()).toLowerCase();
}

export function filterRegionKey(text: string, countryKey: string | undefined): string {
  const country =
    Object.keys(commonCountryNames).find((code) => commonCountryNames[code]!.toLowerCase() === countryKey) ?? null;
  // Without the United States or Canada chosen, a code reads as a US state first, then a Canadian one.
  const candidates = regionsOf(text, country);
  const region = candidates.find((candidate) => candidate.country === 'US') ?? candidates[0];
  return (region?.name ?? text.trim()).toLowerCase();
}
