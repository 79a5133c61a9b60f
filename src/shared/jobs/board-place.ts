import { z } from 'zod';

// The place a listing is filed under, shared by the server (which computes it at ingestion) and the client (which
// filters on it). Kept apart from normalize-place.ts so the client bundle never loads the country tables.

/** How a location is worked: at a distance, part at the office, or at the office. */
export const workModes = ['remote', 'hybrid', 'onsite'] as const;
export type WorkMode = (typeof workModes)[number];

/**
 * One location of a listing, filed: a country display name ("United States", "Canada"), a region of it (US states
 * and Canadian provinces/territories by name: "California", "Ontario"), a city, and the work mode. A level that is
 * not known is null: such a location is not offered as a facet value at that level.
 */
export type BoardPlace = {
  country: string | null;
  region: string | null;
  city: string | null;
  mode: WorkMode;
};

export const boardPlaceSchema = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  mode: z.enum(workModes),
}) satisfies z.ZodType<BoardPlace>;
