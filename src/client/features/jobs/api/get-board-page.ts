import { z } from 'zod';
import { filtersToQueryString, type JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { boardJobSchema } from '../../../../shared/jobs/listing-schemas.ts';
import { apiJson } from '../../../lib/api-client.ts';

const facetValueSchema = z.object({ value: z.string(), count: z.number().int().min(0) });

const boardPageSchema = z.object({
  jobs: z.array(boardJobSchema),
  total: z.number().int().min(0),
  facets: z.object({
    countries: z.array(facetValueSchema),
    states: z.array(facetValueSchema),
    cities: z.array(facetValueSchema),
    // A page cached by the service worker before these facets existed still opens.
    categories: z.array(facetValueSchema).default([]),
    terms: z.array(facetValueSchema).default([]),
    degrees: z.array(facetValueSchema).default([]),
  }),
  version: z.string(),
  refreshedAt: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});

/** One page of the board as the server filtered it: `GET /api/public/board`. */
export type BoardPage = z.output<typeof boardPageSchema>;

/** The request path for one page; the service worker caches answers by this URL, so keep it canonical. */
export function boardPagePath(filters: JobFilters, offset: number, limit: number): string {
  // The board's first page always asks for 20 (limit is omitted when it is the default), so the dashboard and
  // /jobs share one cached answer.
  const query = filtersToQueryString({ ...filters, offset, limit });
  return query ? `/public/board?${query}` : '/public/board';
}

export async function getBoardPage(
  filters: JobFilters,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<BoardPage> {
  const body = await apiJson<unknown>(boardPagePath(filters, offset, limit), { signal }, { anonymous: true });
  return boardPageSchema.parse(body);
}
