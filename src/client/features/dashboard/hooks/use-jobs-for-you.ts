import { useMemo } from 'react';
import { canSuggestJobs, jobsForYou, type JobForYou } from '../../../../shared/jobs/jobs-for-you.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { useAppliedJobIds } from '../../jobs/index.ts';
import { useBoardSnapshot } from '../../jobs/index.ts';
import { useNow } from '../../../lib/use-now.ts';

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

/** "Jobs for you" from the profile and the board kept on this device (so offline too). */
export function useJobsForYou(profile: StudentProfile | null | undefined): JobsForYouState {
  const snapshot = useBoardSnapshot();
  const appliedJobIds = useAppliedJobIds();
  const now = useNow();
  const day = Math.floor(now / 86_400_000);
  return useMemo<JobsForYouState>(() => {
    if (profile === undefined) return { status: 'loading' };
    const fit = { program: profile?.program ?? null, skills: profile?.skills ?? '', graduationYear: profile?.graduationYear ?? null };
    if (!canSuggestJobs(fit)) return { status: 'needs-profile' };
    if (!snapshot) return { status: 'loading' };
    const country = browserCountry(navigator.languages ?? [navigator.language]);
    return { status: 'ready', picks: jobsForYou(snapshot.jobs, fit, { country, appliedJobIds, nowMs: day * 86_400_000 }) };
  }, [profile, snapshot, appliedJobIds, day]);
}
