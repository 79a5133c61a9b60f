import { describe, expect, it } from 'vitest';
import { countryCodeOf, normalizePlace, placeFromFeed, placesOf } from './normalize-place.ts';

const us = 'United States';
const canada = 'Canada';
const uk = 'United Kingdom';

// [feed text, country, region, city, mode]: spellings seen in the two community feeds.
const table: [string, string | null, string | null, string | null, string][] = [
  ['San Jose, CA', us, 'California', 'San Jose', 'onsite'],
  ['Sunnyvale, California', us, 'California', 'Sunnyvale', 'onsite'],
  ['California', us, 'California', null, 'onsite'],
  ['CA', us, 'California', null, 'onsite'],
  ['AZ', us, 'Arizona', null, 'onsite'],
  ['Arizona', us, 'Arizona', null, 'onsite'],
  ['Phoenix, AZ', us, 'Arizona', 'Phoenix', 'onsite'],
  ['New York, NY', us, 'New York', 'New York', 'onsite'],
  ['NYC', us, 'New York', 'New York', 'onsite'],
  ['SF', us, 'California', 'San Francisco', 'onsite'],
  ['LA', us, 'California', 'Los Angeles', 'onsite'],
  ['Baton Rouge, LA', us, 'Louisiana', 'Baton Rouge', 'onsite'],
  ['Long Island, New York', us, 'New York', 'Long Island', 'onsite'],
  ['Jamaica Plain, Boston, MA', us, 'Massachusetts', 'Boston', 'onsite'],
  ['Washington, DC', us, 'District of Columbia', 'Washington', 'onsite'],
  ['Washington, D.C.', us, 'District of Columbia', 'Washington', 'onsite'],
  ['Georgia', us, 'Georgia', null, 'onsite'],
  ['Atlanta, GA', us, 'Georgia', 'Atlanta', 'onsite'],
  ['IN', us, 'Indiana', null, 'onsite'],
  ['United States', us, null, null, 'onsite'],
  ['USA', us, null, null, 'onsite'],
  ['US', us, null, null, 'onsite'],
  ['U.S.', us, null, null, 'onsite'],
  ['Austin, TX, USA', us, 'Texas', 'Austin', 'onsite'],
  ['Seattle, WA, United States', us, 'Washington', 'Seattle', 'onsite'],
  ['Toronto, ON, Canada', canada, 'Ontario', 'Toronto', 'onsite'],
  ['Toronto, ON, CA', canada, 'Ontario', 'Toronto', 'onsite'],
  ['Toronto, ON', canada, 'Ontario', 'Toronto', 'onsite'],
  ['Toronto, Canada', canada, 'Ontario', 'Toronto', 'onsite'],
  ['Toronto', canada, 'Ontario', 'Toronto', 'onsite'],
  ['Vancouver, BC', canada, 'British Columbia', 'Vancouver', 'onsite'],
  ['Vancouver, BC, Canada', canada, 'British Columbia', 'Vancouver', 'onsite'],
  ['Vancouver, British Columbia, CAN', canada, 'British Columbia', 'Vancouver', 'onsite'],
  ['Vancouver, WA', us, 'Washington', 'Vancouver', 'onsite'],
  ['Montréal, Québec, Canada', canada, 'Quebec', 'Montreal', 'onsite'],
  ['British Columbia, Canada', canada, 'British Columbia', null, 'onsite'],
  ['London, ON, Canada', canada, 'Ontario', 'London', 'onsite'],
  ['Canada', canada, null, null, 'onsite'],
  ['CAN', canada, null, null, 'onsite'],
  ['London, UK', uk, null, 'London', 'onsite'],
  ['London', uk, null, 'London', 'onsite'],
  ['London, England', uk, null, 'London', 'onsite'],
  ['Cambridge, United Kingdom', uk, null, 'Cambridge', 'onsite'],
  ['UK', uk, null, null, 'onsite'],
  ['Bangalore', 'India', null, 'Bengaluru', 'onsite'],
  ['Bengaluru, Karnataka, India', 'India', null, 'Bengaluru', 'onsite'],
  ['India', 'India', null, null, 'onsite'],
  ['Munich, Germany', 'Germany', null, 'Munich', 'onsite'],
  ['Italy', 'Italy', null, null, 'onsite'],
  ['Remote in USA', us, null, null, 'remote'],
  ['Remote in Canada', canada, null, null, 'remote'],
  ['Remote in UK', uk, null, null, 'remote'],
  ['Remote - US', us, null, null, 'remote'],
  ['Remote, OH', us, 'Ohio', null, 'remote'],
  ['Remote', null, null, null, 'remote'],
  ['Global Remote', null, null, null, 'remote'],
  ['Hybrid', null, null, null, 'hybrid'],
  ['Toronto, ON (Hybrid)', canada, 'Ontario', 'Toronto', 'hybrid'],
  ['Europe', null, null, null, 'onsite'],
  ['', null, null, null, 'onsite'],
  [' , ', null, null, null, 'onsite'],
];

describe('normalizePlace', () => {
  it.each(table)('files %j under %j / %j / %j (%s)', (text, country, region, city, mode) => {
    expect(normalizePlace(text)).toEqual({ country, region, city, mode });
  });

  it('never files a US state or Canadian province code as a country', () => {
    for (const code of ['AZ', 'CA', 'FL', 'MA', 'NC', 'NJ', 'NY', 'PA', 'TX', 'VA', 'ON', 'BC', 'QC']) {
      const place = normalizePlace(code);
      expect(place.country, code).toMatch(/^(United States|Canada)$/);
      expect(place.region, code).not.toBeNull();
    }
  });
});

describe('countryCodeOf', () => {
  it.each([
    ['USA', 'US'],
    ['United States of America', 'US'],
    ['u.s.a.', 'US'],
    ['Canada', 'CA'],
    ['CAN', 'CA'],
    ['England', 'GB'],
    ['Great Britain', 'GB'],
    ['Germany', 'DE'],
    ['DEU', 'DE'],
    ['South Korea', 'KR'],
  ])('reads %j as %s', (text, code) => {
    expect(countryCodeOf(text)).toBe(code);
  });

  it.each(['Europe', 'Hybrid', 'Remote', 'Somewhere', ''])('reads %j as no country', (text) => {
    expect(countryCodeOf(text)).toBeNull();
  });
});

describe('placeFromFeed', () => {
  it('takes the feed country, region and work type, in the normalizer names', () => {
    const entry = {
      raw: 'Sunnyvale, CA',
      normalized: {
        city: 'Sunnyvale',
        region: 'California',
        region_code: 'CA',
        country: 'United States',
        country_code: 'US',
      },
      type: 'onsite',
      unresolved: false,
    };
    expect(placeFromFeed(entry, 'Sunnyvale, CA')).toEqual({
      country: us,
      region: 'California',
      city: 'Sunnyvale',
      mode: 'onsite',
    });
  });

  it('reads a remote entry as a country without a city', () => {
    const entry = {
      raw: 'Remote in UK',
      normalized: {
        city: 'Remote In Uk',
        region: null,
        region_code: null,
        country: 'United Kingdom',
        country_code: 'GB',
      },
      type: 'remote',
      unresolved: false,
    };
    expect(placeFromFeed(entry, 'Remote in UK')).toEqual({ country: uk, region: null, city: null, mode: 'remote' });
  });

  it('gives up on an unresolved entry, so the caller uses the normalizer', () => {
    expect(placeFromFeed({ raw: 'Somewhere', normalized: null, unresolved: true }, 'Somewhere')).toBeNull();
  });
});

describe('placesOf', () => {
  it('uses the feed normalization for the texts it covers and the normalizer for the others', () => {
    const places = placesOf(
      ['Toronto, ON, CA', 'Remote in USA'],
      [
        {
          raw: 'Toronto, ON, CA',
          normalized: { city: 'Toronto', region: 'Ontario', region_code: 'ON', country: 'Canada', country_code: 'CA' },
          type: 'hybrid',
        },
      ],
    );
    expect(places).toEqual([
      { country: canada, region: 'Ontario', city: 'Toronto', mode: 'hybrid' },
      { country: us, region: null, city: null, mode: 'remote' },
    ]);
  });
});
