import { useLiveQuery } from '../../../db/use-live-query.ts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import { getJobDetail, jobAccessQuery, type PublicJobView } from '../api/get-job-detail.ts';
import { deleteJobDetail, readJobDetail, saveJobDetail } from '../db/job-details-repository.ts';

export type JobDetailProblem =
  /** The server does not know the job or it has expired (404). */
  | { kind: 'not-found' }
  /** The operators took the job down after a review (410 job_removed). */
  | { kind: 'removed' }
  /** No network and the job was never opened on this device. */
  | { kind: 'offline' }
  /** Any other failure: the server's message when it sent one. */
  | { kind: 'failed'; code: ErrorCode | null };

export type JobDetailState =
  | { status: 'loading' }
  /** `savedAt`: set when showing the copy kept on this device because the network failed. */
  | { status: 'ready'; view: PublicJobView; savedAt: number | null }
  | { status: 'error'; problem: JobDetailProblem };

function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && (!navigator.onLine || error instanceof TypeError);
}

function problemOf(error: unknown): JobDetailProblem {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'not-found' };
    if (error.code === 'job_removed') return { kind: 'removed' };
    return { kind: 'failed', code: error.code };
  }
  if (isNetworkFailure(error)) return { kind: 'offline' };
  return { kind: 'failed', code: null };
}

/**
 * A public job view (spec section 2, job detail), carrying token/sharedId to the server. Every job opened is kept in
 * Dexie, so it opens again without a network; a job the server says is gone is forgotten.
 */
export function useJobDetail(
  slug: string,
  token: string | null,
  sharedId: string | null,
): JobDetailState & { retry: () => void } {
  const key = `${slug}${jobAccessQuery({ token, sharedId })}`;
  const saved = useLiveQuery(() => readJobDetail(slug), [slug], undefined);
  const [result, setResult] = useState<{ key: string; view: PublicJobView | null; error: unknown } | null>(null);
  const [retryToken, setRetryToken] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getJobDetail(slug, { token, sharedId }, controller.signal).then(
      (view) => {
        setResult({ key, view, error: null });
        saveJobDetail(slug, view).catch((error: unknown) => {
          console.warn('[jobs] could not keep the job offline', error);
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, view: null, error });
        if (error instanceof ApiError && (error.status === 404 || error.code === 'job_removed')) {
          deleteJobDetail(slug).catch((failure: unknown) => console.warn('[jobs] could not forget the job', failure));
        }
      },
    );
    return () => controller.abort();
  }, [key, slug, token, sharedId, retryToken]);

  const retry = useCallback(() => setRetryToken((value) => value + 1), []);
  const current = result?.key === key ? result : null;

  if (current?.view) return { status: 'ready', view: current.view, savedAt: null, retry };
  if (current && !isNetworkFailure(current.error)) return { status: 'error', problem: problemOf(current.error), retry };
  // Still waiting for the server, or no network: the copy on this device, if any, is shown meanwhile.
  if (saved) return { status: 'ready', view: saved.view, savedAt: current ? saved.savedAt : null, retry };
  if (current && saved === null) return { status: 'error', problem: { kind: 'offline' }, retry };
  return { status: 'loading', retry };
}
