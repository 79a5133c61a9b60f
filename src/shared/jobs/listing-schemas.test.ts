import { describe, expect, it } from 'vitest';
import {
  boardJobSchema,
  externalListingSchema,
  jobTypeFilterValues,
  parseExternalFeed,
  toBoardJob,
  type BoardJob,
} from './listing-schemas.ts';

// Hand-written records in the shape of the two community feeds (not copied from them).
const internshipRecord = {
  category: 'AI/ML/Data',
  company_name: 'Maple Bank',
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Intern – Data Scientist',
  active: true,
  terms: ['Winter 2026'],
  date_updated: 1_749_605_400,
  date_posted: 1_749_605_366,
  url: 'https://maplebank.example.com/jobs/data-scientist-intern',
  locations: ['Toronto, ON, Canada'],
  degrees: null,
};

const newGradRecord = {
  category: 'Software',
  company_name: 'Trail Robotics',
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Software Engineer I',
  active: true,
  date_updated: 1_787_353_021,
  date_posted: 1_787_352_873,
  url: 'http://trail.example.org/apply/42',
  locations: ['Sunnyvale, CA'],
  normalized_locations: [
    {
      raw: 'Sunnyvale, CA',
      normalized: { city: 'Sunnyvale', region: 'California', region_code: 'CA', country: 'United States' },
      type: 'onsite',
      unresolved: false,
      confidence: 1,
    },
  ],
  degrees: ["Bachelor's", "Master's"],
};

describe('externalListingSchema', () => {
  it('accepts an internship-feed record with null degrees, reading them as an empty list', () => {
    const listing = externalListingSchema.parse(internshipRecord);
    expect(listing.degrees).toEqual([]);
    expect(listing.terms).toEqual(['Winter 2026']);
    expect(listing.category).toBe('AI/ML/Data');
  });

  it('accepts a new-grad-feed record without terms and keeps normalized_locations and date_updated', () => {
    const listing = externalListingSchema.parse(newGradRecord);
    expect(listing.terms).toEqual([]);
    expect(listing.normalized_locations).toHaveLength(1);
    expect(listing.date_updated).toBe(1_787_353_021);
    expect(listing.degrees).toEqual(["Bachelor's", "Master's"]);
  });

  it.each([
    ['null', { category: null }],
    ['missing', { category: undefined }],
    ['blank', { category: '   ' }],
  ])('reads a %s category as null', (_label, patch) => {
    expect(externalListingSchema.parse({ ...internshipRecord, ...patch }).category).toBeNull();
  });

  it('defaults a missing active flag to true and keeps an explicit false', () => {
    const { active: _active, ...withoutActive } = internshipRecord;
    expect(externalListingSchema.parse(withoutActive).active).toBe(true);
    expect(externalListingSchema.parse({ ...internshipRecord, active: false }).active).toBe(false);
  });

  it('defaults missing or null locations to an empty list', () => {
    const { locations: _locations, ...withoutLocations } = internshipRecord;
    expect(externalListingSchema.parse(withoutLocations).locations).toEqual([]);
    expect(externalListingSchema.parse({ ...internshipRecord, locations: null }).locations).toEqual([]);
  });

  it('trims list entries and drops blank ones', () => {
    const listing = externalListingSchema.parse({
      ...internshipRecord,
      locations: ['  Toronto, ON, Canada ', '', '   '],
      terms: [' Summer 2026', ''],
    });
    expect(listing.locations).toEqual(['Toronto, ON, Canada']);
    expect(listing.terms).toEqual(['Summer 2026']);
  });

  it.each([
    ['id', { id: undefined }],
    ['blank id', { id: '  ' }],
    ['title', { title: undefined }],
    ['company_name', { company_name: '' }],
    ['url', { url: undefined }],
    ['date_posted', { date_posted: undefined }],
    ['date_posted as text', { date_posted: '1749605366' }],
    ['date_posted NaN', { date_posted: Number.NaN }],
    ['locations with a non-string', { locations: ['Toronto', 42] }],
  ])('rejects a record with a missing or malformed %s', (_label, patch) => {
    expect(externalListingSchema.safeParse({ ...internshipRecord, ...patch }).success).toBe(false);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://files.example.com/job'],
    ['/relative/path'],
    ['not a url'],
  ])('rejects the non-web url %j', (url) => {
    expect(externalListingSchema.safeParse({ ...internshipRecord, url }).success).toBe(false);
  });

  it('rejects a value that is not an object', () => {
    expect(externalListingSchema.safeParse(null).success).toBe(false);
    expect(externalListingSchema.safeParse('listing').success).toBe(false);
  });
});

describe('toBoardJob', () => {
  it('maps an internship record to a non-featured board item typed by its feed', () => {
    expect(toBoardJob(externalListingSchema.parse(internshipRecord), 'internship')).toEqual({
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Intern – Data Scientist',
      company: 'Maple Bank',
      locations: ['Toronto, ON, Canada'],
      category: 'AI/ML/Data',
      terms: ['Winter 2026'],
      degrees: [],
      datePosted: 1_749_605_366,
      url: 'https://maplebank.example.com/jobs/data-scientist-intern',
      featured: false,
      type: 'internship',
      places: [],
      dateUpdated: 1_749_605_400,
      family: 'ai-ml-data',
      termKeys: ['winter-2026'],
      degreeLevels: [],
      sponsorship: 'unknown',
    } satisfies BoardJob);
  });

  it('takes the type from the feed argument, not the record', () => {
    const job = toBoardJob(externalListingSchema.parse(newGradRecord), 'new-grad');
    expect(job.type).toBe('new-grad');
    expect(job.datePosted).toBe(1_787_352_873);
  });

  it('copies the lists so changing the board item leaves the parsed listing intact', () => {
    const listing = externalListingSchema.parse(internshipRecord);
    toBoardJob(listing, 'internship').locations.push('Elsewhere');
    expect(listing.locations).toEqual(['Toronto, ON, Canada']);
  });

  it('produces items that pass boardJobSchema', () => {
    const job = toBoardJob(externalListingSchema.parse(newGradRecord), 'new-grad');
    expect(boardJobSchema.parse(job)).toEqual(job);
  });
});

describe('boardJobSchema', () => {
  const featured: BoardJob = {
    id: 'featured-7',
    title: 'Frontend Developer',
    company: 'Partner Co',
    locations: ['Ottawa, ON, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 0,
    url: null,
    featured: true,
    type: 'Internship',
    places: [{ country: 'Canada', region: 'Ontario', city: 'Ottawa', mode: 'onsite' }],
    dateUpdated: null,
    family: 'software',
    termKeys: ['summer-2027'],
    degreeLevels: ['bachelor', 'master'],
    sponsorship: 'yes',
  };

  it('accepts a featured item with a null url and free-text type', () => {
    expect(boardJobSchema.parse(featured)).toEqual(featured);
  });

  it('rejects a javascript: url and a missing featured flag', () => {
    expect(boardJobSchema.safeParse({ ...featured, url: 'javascript:alert(1)' }).success).toBe(false);
    const { featured: _featured, ...withoutFlag } = featured;
    expect(boardJobSchema.safeParse(withoutFlag).success).toBe(false);
  });
});

describe('jobTypeFilterValues', () => {
  it('lists the four spec values with all first (the default)', () => {
    expect(jobTypeFilterValues).toEqual(['all', 'internship', 'new-grad', 'featured']);
  });
});

describe('parseExternalFeed', () => {
  it('files the places with the function it is given', () => {
    const result = parseExternalFeed([newGradRecord], 'new-grad', (listing) =>
      listing.locations.map(() => ({
        country: 'United States',
        region: 'California',
        city: 'Sunnyvale',
        mode: 'onsite' as const,
      })),
    );
    expect(result.jobs[0]?.places).toEqual([
      { country: 'United States', region: 'California', city: 'Sunnyvale', mode: 'onsite' },
    ]);
  });

  it('maps every valid active record of an array feed', () => {
    const result = parseExternalFeed([internshipRecord, { ...newGradRecord }], 'internship');
    expect(result.jobs.map((job) => job.id)).toEqual([internshipRecord.id, newGradRecord.id]);
    expect(result.jobs.every((job) => job.type === 'internship' && !job.featured)).toBe(true);
    expect(result.skipped).toEqual({ invalid: 0, inactive: 0, duplicate: 0 });
  });

  it('skips malformed, inactive and repeated records one by one and counts each reason', () => {
    const result = parseExternalFeed(
      [
        internshipRecord,
        { ...internshipRecord, id: 'bad', url: 'javascript:alert(1)' },
        null,
        { ...newGradRecord, active: false },
        { ...internshipRecord, title: 'Same id, later copy' },
        { ...newGradRecord, id: '33333333-3333-4333-8333-333333333333' },
      ],
      'new-grad',
    );
    expect(result.jobs.map((job) => job.title)).toEqual(['Intern – Data Scientist', 'Software Engineer I']);
    expect(result.skipped).toEqual({ invalid: 2, inactive: 1, duplicate: 1 });
  });

  it.each([[null], [{ jobs: [] }], ['[]'], [undefined]])('returns no jobs for the non-array body %j', (data) => {
    expect(parseExternalFeed(data, 'internship')).toEqual({
      jobs: [],
      skipped: { invalid: 0, inactive: 0, duplicate: 0 },
    });
  });
});
