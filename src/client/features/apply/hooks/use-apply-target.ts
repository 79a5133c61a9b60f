import { useEffect, useState } from 'react';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import type { PublicScreeningQuestion } from '../../../../shared/screening/screening-questions.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getJobDetail, type PublicJob } from '../../jobs/index.ts';
import { readJobDetail } from '../../jobs/index.ts';
import { validateToken } from '../api/validate-token.ts';

/** The job being applied to, as the header, the wizard and the outbox need it. */
export interface ApplyTarget {
  jobId: string;
  title: string;
  type: string | null;
  location: string | null;
  description: string | null;
  organization: { name: string; logo: string | null } | null;
  /** The job's required skills (the wizard asks for skills when the profile lists none). */
  skills: string[];
  /** The job's screening questions, without their knockout answers. */
  screeningQuestions: PublicScreeningQuestion[];
  /** Private mode: the invited applicant (names prefill the form). */
  applicant: { firstName: string | null; lastName: string | null; email: string } | null;
}

export type ApplyTargetState =
  /** Private mode waits for a signed-in user: the invitation can only be read by its applicant. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; problem: ApplyTargetProblem }
  | { status: 'ready'; target: ApplyTarget };

/** Why the job could not be shown: the server's error code, else the spec's fallback (section 5). */
export interface ApplyTargetProblem {
  code: ErrorCode | null;
  fallback: 'invalidToken' | 'jobLoadFailed';
}

class ApplyTargetError extends Error {
  readonly problem: ApplyTargetProblem;

  constructor(error: unknown, fallback: ApplyTargetProblem['fallback']) {
    super(fallback, { cause: error });
    this.problem = { code: error instanceof ApiError ? error.code : null, fallback };
  }
}

/** A job view's parts the wizard uses; a copy kept before screening questions existed has none. */
function jobParts(job: PublicJob) {
  return { ...job, skills: job.skills ?? [], screeningQuestions: job.screeningQuestions ?? [] };
}

async function loadTarget(
  slug: string,
  token: string | null,
  sharedId: string | null,
  signal: AbortSignal,
): Promise<ApplyTarget> {
  if (token) {
    try {
      const info = await validateToken(token, signal);
      return {
        jobId: info.job.id,
        ...info.job,
        organization: info.organization,
        applicant: info.applicant,
      };
    } catch (error) {
      if (signal.aborted) throw error;
      console.error('[apply] token validation failed', error);
      throw new ApplyTargetError(error, 'invalidToken');
    }
  }
  try {
    const view = await getJobDetail(slug, { sharedId }, signal);
    return { jobId: view.job.id, ...jobParts(view.job), organization: view.organization, applicant: null };
  } catch (error) {
    if (signal.aborted) throw error;
    // Offline: the copy kept when the job was last opened (the job pages save it) lets the form open.
    if (!(error instanceof ApiError) && !sharedId) {
      const saved = await readJobDetail(slug).catch(() => null);
      if (saved)
        return {
          jobId: saved.view.job.id,
          ...jobParts(saved.view.job),
          organization: saved.view.organization,
          applicant: null,
        };
    }
    console.error('[apply] could not load the job', error);
    throw new ApplyTargetError(error, 'jobLoadFailed');
  }
}

/**
 * Spec section 4, apply page mode: private (token, validated once someone is signed in), link (sharedId) or public.
 * `reloadKey` changes when the signed-in user changes, so the data is read again for them.
 */
export function useApplyTarget(
  slug: string,
  token: string | null,
  sharedId: string | null,
  reloadKey: string | null,
): ApplyTargetState {
  const waitForUser = Boolean(token) && reloadKey === null;
  const key = `${slug}|${token ?? ''}|${sharedId ?? ''}|${reloadKey ?? ''}`;
  const [result, setResult] = useState<{ key: string; state: ApplyTargetState } | null>(null);

  useEffect(() => {
    if (waitForUser) return;
    const controller = new AbortController();
    loadTarget(slug, token, sharedId, controller.signal).then(
      (target) => setResult({ key, state: { status: 'ready', target } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const problem: ApplyTargetProblem =
          error instanceof ApplyTargetError ? error.problem : { code: null, fallback: 'jobLoadFailed' };
        setResult({ key, state: { status: 'error', problem } });
      },
    );
    return () => controller.abort();
  }, [key, slug, token, sharedId, waitForUser]);

  if (waitForUser) return { status: 'idle' };
  return result?.key === key ? result.state : { status: 'loading' };
}
