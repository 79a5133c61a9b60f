import { z } from 'zod';
import { yieldToMain } from '../../../lib/yield-to-main.ts';
import { boardJobSchema, type BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** The whole active board as `GET /api/public/board/snapshot` sends it. */
export interface BoardSnapshotPayload {
  version: string;
  refreshedAt: string | null;
  jobs: BoardJob[];
}

export type BoardSnapshotFetch =
  { status: 'not-modified' } | { status: 'updated'; snapshot: BoardSnapshotPayload; invalidJobs: number };

const envelopeSchema = z.object({
  version: z.string().min(1),
  refreshedAt: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  jobs: z.array(z.unknown()),
});

// Validating 20,000 jobs takes a few hundred milliseconds on a phone: done in slices, giving the main thread back
// between them, so typing in the search box never waits for a background refresh.
const validationSliceSize = 1000;

async function validateJobs(items: readonly unknown[]): Promise<{ jobs: BoardJob[]; invalid: number }> {
  const jobs: BoardJob[] = [];
  let invalid = 0;
  for (let start = 0; start < items.length; start += validationSliceSize) {
    const end = Math.min(items.length, start + validationSliceSize);
    for (let i = start; i < end; i += 1) {
      const parsed = boardJobSchema.safeParse(items[i]);
      if (parsed.success) jobs.push(parsed.data);
      else invalid += 1;
    }
    if (end < items.length) await yieldToMain();
  }
  return { jobs, invalid };
}

/**
 * Downloads the whole board unless the copy we hold (`knownVersion`) is still current: the server answers
 * 304 to If-None-Match. One malformed job is dropped, not fatal. Bypasses the HTTP cache: the copy lives in Dexie.
 */
export async function getBoardSnapshot(knownVersion: string | null, signal?: AbortSignal): Promise<BoardSnapshotFetch> {
  const headers = new Headers({ Accept: 'application/json' });
  if (knownVersion) headers.set('If-None-Match', `"${knownVersion}"`);
  let response: Response;
  try {
    response = await apiFetch('/public/board/snapshot', { headers, signal, cache: 'no-store' }, { anonymous: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) return { status: 'not-modified' };
    throw error;
  }
  const envelope = envelopeSchema.parse(await response.json());
  const { jobs, invalid } = await validateJobs(envelope.jobs);
  return {
    status: 'updated',
    snapshot: { version: envelope.version, refreshedAt: envelope.refreshedAt, jobs },
    invalidJobs: invalid,
  };
}
