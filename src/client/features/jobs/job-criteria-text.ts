import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DegreeLevel,
  degreeLevels,
  type JobFamily,
  jobFamilies,
  type Sponsorship,
  termKeyPattern,
} from '../../../shared/jobs/job-criteria.ts';

// How a job's criteria read: "Software · Summer 2026 · Bachelor's, Master's". One wording for the cards, the job page
// and the portal's form (the `jobs` namespace's `criteria` keys).

/** The criteria a card or a page reads; every field may be missing on a copy saved before criteria existed. */
export type JobCriteriaView = {
  featured: boolean;
  family?: JobFamily | null;
  termKeys?: readonly string[];
  degreeLevels?: readonly DegreeLevel[];
};

export type CriteriaLabels = {
  family: (family: JobFamily) => string;
  /** "Summer 2026"; the key itself when it is not one. */
  term: (term: string) => string;
  degree: (level: DegreeLevel) => string;
  anyDegree: string;
  degreeNotStated: string;
};

export function criteriaLabels(t: TFunction<'jobs'>): CriteriaLabels {
  return {
    family: (family) => t(`criteria.family.${family}`),
    term: (term) => {
      const match = termKeyPattern.exec(term);
      return match ? t('criteria.term', { season: t(`criteria.season.${match[1]}`), year: match[2] }) : term;
    },
    degree: (level) => t(`criteria.degree.${level}`),
    anyDegree: t('criteria.anyDegree'),
    degreeNotStated: t('criteria.degreeNotStated'),
  };
}

/** The labels, translated once per language. */
export function useCriteriaLabels(): CriteriaLabels {
  const { t } = useTranslation('jobs');
  return useMemo(() => criteriaLabels(t), [t]);
}

export function useTermLabel(): (term: string) => string {
  return useCriteriaLabels().term;
}

/**
 * What the job says about degrees: the levels it names; none named is "any degree" for a featured job posted with a
 * family (the portal's form says "none checked: any degree"), and "not stated" for the rest (community listings and
 * featured jobs posted before the form asked).
 */
export function degreeText(job: JobCriteriaView, labels: CriteriaLabels): string {
  const levels = (job.degreeLevels ?? []).filter((level) => degreeLevels.includes(level));
  if (levels.length > 0) return levels.map(labels.degree).join(', ');
  return job.featured && job.family ? labels.anyDegree : labels.degreeNotStated;
}

/**
 * "Software · Summer 2026 · Bachelor's, Master's". `compact` (cards) leaves out what is not stated, so a card with
 * nothing known shows no line at all; the job page says "Degree not stated".
 */
export function criteriaText(job: JobCriteriaView, labels: CriteriaLabels, compact = false): string {
  const family = job.family && jobFamilies.includes(job.family) ? labels.family(job.family) : null;
  const terms = (job.termKeys ?? []).length > 0 ? (job.termKeys ?? []).map(labels.term).join(', ') : null;
  const degrees = degreeText(job, labels);
  const showDegrees = !compact || degrees !== labels.degreeNotStated;
  return [family, terms, showDegrees ? degrees : null].filter((part) => part !== null).join(' · ');
}

/**
 * How a job's sponsorship is marked: `warning` when a student who needs sponsorship sees a job that says it does not
 * sponsor (marked, never hidden), `positive` when it sponsors, `neutral` otherwise.
 */
export function sponsorshipTone(
  sponsorship: Sponsorship,
  needsSponsorship: boolean,
): 'positive' | 'warning' | 'neutral' {
  if (sponsorship === 'yes') return 'positive';
  if (sponsorship === 'no' && needsSponsorship) return 'warning';
  return 'neutral';
}
