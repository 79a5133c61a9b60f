import { useCallback, useEffect, useState } from 'react';
import type { StudentApplication } from '../../../../shared/company/company-api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import { getJobDetail } from '../../jobs/index.ts';
import { getStudentApplications } from '../api/student-applications.ts';

/** An application with the job's type and location when the job's public page could be read (null otherwise). */
export type ListedApplication = StudentApplication & { type: string | null; location: string | null };

export type StudentApplicationsState =
  | { status: 'loading' }
  /** `code`: the server's error code; null shows spec section 8's "Failed to load applied jobs". */
  | { status: 'error'; code: ErrorCode | null }
  | { status: 'ready'; applications: ListedApplication[] };

/**
 * GET /api/applications (status and dates), then each job's public view in parallel for its type and location.
 * A job that can no longer be read (closed, private) keeps its card with what the application list says.
 */
export function useStudentApplications(): { state: StudentApplicationsState; reload: () => void } {
  const [state, setState] = useState<StudentApplicationsState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const applications = await getStudentApplications(controller.signal);
      const details = await Promise.allSettled(
        applications.map((item) => getJobDetail(item.jobSlug || item.jobId, {}, controller.signal)),
      );
      const listed = applications.map((item, index): ListedApplication => {
        const detail = details[index];
        const view = detail?.status === 'fulfilled' ? detail.value : null;
        return { ...item, type: view?.job.type ?? null, location: view?.job.location ?? null };
      });
      if (!controller.signal.aborted) setState({ status: 'ready', applications: listed });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('[applications] could not load the applications', error);
      setState({ status: 'error', code: error instanceof ApiError ? error.code : null });
    });
    return () => controller.abort();
  }, [generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
