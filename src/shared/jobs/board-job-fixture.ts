import type { BoardJob } from './listing-schemas.ts';
import { normalizePlace } from './normalize-place.ts';

/**
 * Test support: a board job built without `places` gets them filed from its locations as ingestion would, and no
 * update date unless given.
 */
export function withPlaces(
  job: Omit<BoardJob, 'places' | 'dateUpdated'> & Partial<Pick<BoardJob, 'places' | 'dateUpdated'>>,
): BoardJob {
  return {
    ...job,
    places: job.places ?? job.locations.map((location) => normalizePlace(location)),
    dateUpdated: job.dateUpdated ?? null,
  };
}
