import { criteriaOf } from './job-criteria.ts';
import type { BoardJob } from './listing-schemas.ts';
import { normalizePlace } from './normalize-place.ts';

/**
 * Test support: a board job built without `places` or criteria gets them filed from its locations, category, terms
 * and degrees as ingestion would, no update date and sponsorship 'unknown' unless given.
 */
type FiledFields = 'places' | 'dateUpdated' | 'family' | 'termKeys' | 'degreeLevels' | 'sponsorship';

export function withPlaces(job: Omit<BoardJob, FiledFields> & Partial<Pick<BoardJob, FiledFields>>): BoardJob {
  const criteria = criteriaOf(job);
  return {
    ...job,
    places: job.places ?? job.locations.map((location) => normalizePlace(location)),
    dateUpdated: job.dateUpdated ?? null,
    family: job.family === undefined ? criteria.family : job.family,
    termKeys: job.termKeys ?? criteria.termKeys,
    degreeLevels: job.degreeLevels ?? criteria.degreeLevels,
    sponsorship: job.sponsorship ?? 'unknown',
  };
}
