import { useEffect, useMemo, useState } from 'react';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { postingGroupKey } from '../../../../shared/jobs/posting-groups.ts';
import {
  canSuggestJobs,
  jobsForYou,
  onePerJob,
  type FitProfile,
  type JobForYou,
  type JobsForYouOptions,
} from '../../../../shared/jobs/jobs-for-you.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { useAppliedJobIds } from '../../jobs/index.ts';
import { useBoardSnapshot } from '../../jobs/index.ts';
import { useDismissedJobIds } from '../../dismissed-jobs/index.ts';
import { useNow } from '../../../lib/use-now.ts';
import { yieldToMain } from '../../../lib/yield-to-main.ts';

export type JobsForYouState =
  | { status: 'loading' }
  /** The profile holds nothing to match on yet. */
  | { status: 'needs-profile' }
  | { status: 'ready'; picks: JobForYou[] };

/** The student's country from the browser's language settings ('en-CA' -> 'Canada'), as the board names countries. */
export function browserCountry(languages: readonly string[]): string | null {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      const name = region ? names.of(region) : undefined;
      if (name) return name;
    } catch {
      // An invalid language tag says nothing about the country.
    }
  }
  return null;
}

const companyOf = (job: BoardJob) => job.company.toLowerCase().trim();

/**
 * The board without the jobs (posting groups, posting-groups.ts) that hold a dismissed posting. The group key is
 * costly over the whole board (100 ms for 20,000 postings): it is worked out only for the dismissed jobs' companies.
 */
function withoutDismissedJobs(jobs: readonly BoardJob[], dismissedIds: ReadonlySet<string>): readonly BoardJob[] {
  const dismissed = jobs.filter((job) => dismissedIds.has(job.id));
  const companies = new Set(dismissed.map(companyOf));
  const groups = new Set(dismissed.map(postingGroupKey));
  return jobs.filter((job) => !companies.has(companyOf(job)) || !groups.has(postingGroupKey(job)));
}

// About 10 ms of matching per slice on a phone (the whole board costs ~190 ms with the CPU slowed 4x).
const fitSliceSize = 2000;

/**
 * jobsForYou over the board in slices, giving the main thread back between them. Every slice keeps all its picks
 * (sorted, stable); a stable sort of them all then gives the same ten as one pass over the board.
 */
export async function jobsForYouInSlices(
  jobs: readonly BoardJob[],
  profile: FitProfile,
  options: JobsForYouOptions,
  isCancelled: () => boolean = () => false,
): Promise<JobForYou[] | null> {
  const picks: JobForYou[] = [];
  for (let start = 0; start < jobs.length; start += fitSliceSize) {
    await yieldToMain();
    if (isCancelled()) return null;
    picks.push(
      ...jobsForYou(jobs.slice(start, start + fitSliceSize), profile, { ...options, limit: Number.POSITIVE_INFINITY }),
    );
  }
  return onePerJob(
    picks.sort((a, b) => b.score - a.score),
    options.limit ?? 10,
  );
}

/** "Jobs for you" from the profile and the board kept on this device (so offline too), worked out after the paint. */
export function useJobsForYou(profile: StudentProfile | null | undefined): JobsForYouState {
  const snapshot = useBoardSnapshot();
  const appliedJobIds = useAppliedJobIds();
  const dismissedIds = useDismissedJobIds();
  const now = useNow();
  const day = Math.floor(now / 86_400_000);
  const input = useMemo(() => {
    if (profile === undefined) return { status: 'loading' as const };
    const fit: FitProfile = {
      program: profile?.program ?? null,
      skills: profile?.skills ?? '',
      graduationYear: profile?.graduationYear ?? null,
      degreeLevel: profile?.degreeLevel ?? null,
      targetTerms: profile?.targetTerms ?? [],
      interests: profile?.interests ?? [],
      workAuthorization: profile?.workAuthorization ?? null,
    };
    if (!canSuggestJobs(fit)) return { status: 'needs-profile' as const };
    if (!snapshot) return { status: 'loading' as const };
    // Jobs the student said they are not interested in are never suggested, nor other postings of the same job.
    const jobs = dismissedIds.size > 0 ? withoutDismissedJobs(snapshot.jobs, dismissedIds) : snapshot.jobs;
    return { status: 'match' as const, fit, jobs };
  }, [profile, snapshot, dismissedIds]);
  const [picks, setPicks] = useState<JobForYou[] | null>(null);

  useEffect(() => {
    if (input.status !== 'match') return;
    let cancelled = false;
    const country = browserCountry(navigator.languages ?? [navigator.language]);
    jobsForYouInSlices(
      input.jobs,
      input.fit,
      { country, appliedJobIds, nowMs: day * 86_400_000 },
      () => cancelled,
    ).then(
      (found) => {
        if (found) setPicks(found);
      },
      (error: unknown) => console.warn('[dashboard] could not pick jobs for you', error),
    );
    return () => {
      cancelled = true;
    };
  }, [input, appliedJobIds, day]);

  if (input.status !== 'match') return input;
  // Until the new picks are ready the previous ones stay (a refreshed board or profile, a day change, a new
  // application): the section never falls back to its skeleton once it has shown picks, so nothing below it moves.
  return picks ? { status: 'ready', picks } : { status: 'loading' };
}
