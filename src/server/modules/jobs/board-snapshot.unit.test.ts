import { describe, expect, it } from 'vitest';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { snapshotJsonParts } from './board-index.service.ts';

function job(index: number): BoardJob {
  return {
    id: `job-${index}`,
    title: index % 7 === 0 ? `Ingénieur·e logiciel – stage ${index} “été” 🚀` : `Software Engineer Intern ${index}`,
    company: index % 3 === 0 ? 'Acme "Quotes" \\ Co' : 'Example Corp',
    locations: ['Toronto, ON', 'Remote'],
    category: index % 2 === 0 ? 'Software' : null,
    terms: ['Summer 2026'],
    degrees: [],
    datePosted: 1_780_000_000 + index,
    url: `https://example.com/jobs/${index}?a=1&b=2`,
    featured: false,
    type: 'internship',
    places: [],
    dateUpdated: null,
    family: null,
    termKeys: [],
    degreeLevels: [],
    sponsorship: 'unknown',
  };
}

describe('snapshotJsonParts', () => {
  it.each([0, 1, 499, 500, 501, 1234])(
    'joins into exactly the JSON.stringify of the whole snapshot with %i jobs',
    (count) => {
      const jobs = Array.from({ length: count }, (_, index) => job(index));
      const whole = JSON.stringify({ version: 'v"1', refreshedAt: '2026-11-28T05:00:00.000Z', jobs });
      const parts = [...snapshotJsonParts('v"1', '2026-11-28T05:00:00.000Z', jobs)];
      expect(parts.join('')).toBe(whole);
      // In pieces: no piece holds more than one slice of jobs.
      expect(parts.length).toBe(2 + Math.ceil(count / 500));
    },
  );
});
