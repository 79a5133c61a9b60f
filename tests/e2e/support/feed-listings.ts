import type { ExternalListingInput } from '../../../src/shared/jobs/listing-schemas.ts';

// A listing as the external feeds publish it, for tests that ingest their own board through the admin route.
export type FeedListing = ExternalListingInput & { id: string; date_posted: number; url: string };

/** A live software internship in Toronto; `overrides` set what the test is about. */
export function feedListing(
  overrides: Pick<FeedListing, 'id' | 'title' | 'company_name' | 'date_posted' | 'url'> & Partial<FeedListing>,
): FeedListing {
  return {
    locations: ['Toronto, ON, Canada'],
    category: 'Software',
    terms: ['Summer 2027'],
    degrees: ['Bachelor'],
    active: true,
    ...overrides,
  };
}
