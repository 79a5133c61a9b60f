import type { Namespace, TFunction } from 'i18next';
import type { DegreeLevel, JobFamily, TermKey, TermSeason } from '../../shared/jobs/job-criteria.ts';

// The job vocabulary in the interface language, one place for the board's filters, the account page and "jobs for
// you": `jobs:criteria.*` keys. Any `t` works: the keys carry their namespace.

export function familyLabel(t: TFunction<Namespace>, family: JobFamily): string {
  return t(`jobs:criteria.family.${family}`);
}

export function degreeLabel(t: TFunction<Namespace>, degree: DegreeLevel): string {
  return t(`jobs:criteria.degree.${degree}`);
}

/** `summer-2026` as "Summer 2026" / "Été 2026". */
export function termLabel(t: TFunction<Namespace>, term: TermKey): string {
  const [season, year] = term.split('-') as [TermSeason, string];
  return t('jobs:criteria.term', { season: t(`jobs:criteria.season.${season}`), year });
}
