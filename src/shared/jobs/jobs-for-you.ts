import { needsSponsorship, type WorkAuthorization } from '../profile/job-preferences.ts';
import { parseSkillsText } from '../profile/skills.ts';
import { type DegreeLevel, isPastTerm, type JobFamily, type TermKey } from './job-criteria.ts';
import type { BoardJob } from './listing-schemas.ts';
import { mayBeClosed } from './posted-within.ts';
import { postingGroupKey } from './posting-groups.ts';
import { termMatch } from './relevance.ts';

// "Jobs for you" on the dashboard: listings that fit the student's interests, terms, program, skills, graduation
// year, degree and countries, each with the reasons it fits (shown in one line). Pure: the dashboard runs it on the
// board and profile kept on the device, so it works offline.

export type FitProfile = {
  program: string | null;
  skills: string;
  graduationYear: string | null;
  /** What the student looks for (src/shared/profile/job-preferences.ts); absent: not said. */
  degreeLevel?: DegreeLevel | null;
  targetTerms?: readonly TermKey[];
  interests?: readonly JobFamily[];
  workAuthorization?: WorkAuthorization | null;
};

export type FitReasons = {
  /** The student's skills the listing names (their own spelling), at most three. */
  skills: string[];
  /** The student's program, when the listing is in its field. */
  program: string | null;
  /** The kind of role the graduation year calls for, when the listing is one. */
  stage: { kind: 'internship' | 'newGrad'; graduationYear: number } | null;
  /** The student's country (or one they may work in), when the listing has a place there. */
  country: string | null;
  /** The listing's family, when it is one of the student's interests. */
  family: JobFamily | null;
  /** The student's coming target terms the listing is for, calendar order. */
  terms: TermKey[];
  /** The student's degree level, when the listing names it among those it accepts. */
  degree: DegreeLevel | null;
  /** A featured job that says it does not sponsor visas, for a student who needs sponsorship: shown, but marked. */
  noSponsorship: boolean;
};

export type JobForYou = { job: BoardJob; score: number; reasons: FitReasons };

// Words of a program that say nothing about its field.
const programStopWords = new Set([
  'and',
  'of',
  'the',
  'in',
  'with',
  'for',
  'bachelor',
  'bachelors',
  'master',
  'masters',
  'degree',
  'honours',
  'honors',
  'studies',
  'science',
  'sciences',
  'program',
  'major',
  'minor',
  'bsc',
  'msc',
  'beng',
  'meng',
  'phd',
  'et',
  'de',
  'des',
  'du',
  'en',
  'la',
  'le',
  'baccalauréat',
  'maîtrise',
  'génie',
  'engineering',
  'applied',
  'general',
]);

// Fields a program name points at, and the words listings of that field carry in their title or category.
const fieldWords: ReadonlyArray<{ program: RegExp; words: readonly string[] }> = [
  {
    program: /comput|software|informati|logiciel|programm|cyber/i,
    words: [
      'software',
      'developer',
      'engineer',
      'programmer',
      'full stack',
      'backend',
      'frontend',
      'web',
      'mobile',
      'devops',
      'machine learning',
      'ai',
    ],
  },
  {
    program: /data|statist|math|actuar/i,
    words: [
      'data',
      'analyst',
      'analytics',
      'machine learning',
      'scientist',
      'quantitative',
      'quant',
      'statistics',
      'ai',
    ],
  },
  {
    program: /electric|electronic|électri|hardware/i,
    words: ['hardware', 'embedded', 'electrical', 'firmware', 'fpga', 'asic'],
  },
  {
    program: /mechan|mécani|aerospace|aérospatial/i,
    words: ['mechanical', 'manufacturing', 'aerospace', 'design engineer'],
  },
  {
    program: /business|commerce|financ|account|économ|econom|gestion|management/i,
    words: ['business', 'finance', 'financial', 'analyst', 'product', 'operations', 'consulting', 'marketing'],
  },
  { program: /design|graphi|interaction|hci/i, words: ['design', 'designer', 'ux', 'ui', 'product design'] },
];

/** The words that put a listing in the program's field: the program's own telling words and its field's words. */
export function programKeywords(program: string): string[] {
  const own = program
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && !programStopWords.has(word));
  const field = fieldWords.filter((entry) => entry.program.test(program)).flatMap((entry) => entry.words);
  return [...new Set([...own, ...field])];
}

/**
 * The kinds of role a graduation year calls for, seen in `year`: two or more years away, internships; next year, both
 * (internships now, new-grad roles that start after graduating); this year or before, new-grad roles.
 */
export function stagesFor(graduationYear: number, year: number): Array<'internship' | 'newGrad'> {
  if (graduationYear - year >= 2) return ['internship'];
  if (graduationYear - year === 1) return ['internship', 'newGrad'];
  return ['newGrad'];
}

/** A listing's kind: the feed's type, or read from a featured job's free text ('Internship', 'New grad'). */
export function jobStage(job: Pick<BoardJob, 'featured' | 'type' | 'title'>): 'internship' | 'newGrad' | null {
  if (!job.featured) return job.type === 'internship' ? 'internship' : job.type === 'new-grad' ? 'newGrad' : null;
  const text = `${job.type} ${job.title}`;
  if (/intern|stage|co-?op/i.test(text)) return 'internship';
  if (/new.?grad|graduate|junior|entry/i.test(text)) return 'newGrad';
  return null;
}

function matchesWord(texts: readonly string[], word: string): boolean {
  return texts.some((text) => termMatch(text, word) >= 2);
}

export type JobsForYouOptions = {
  /**
   * The student's country as the board files places ('Canada', 'United States'); null when unknown. The countries
   * of the profile's work authorization, when it names some, are used instead.
   */
  country: string | null;
  /** Jobs the student applied to (or has waiting to send) are not suggested again. */
  appliedJobIds: ReadonlySet<string>;
  nowMs: number;
  limit?: number;
};

/** Whether the profile holds anything to match on (else the dashboard asks for it instead of guessing). */
export function canSuggestJobs(profile: FitProfile): boolean {
  return (
    Boolean(profile.program?.trim()) ||
    parseSkillsText(profile.skills).length > 0 ||
    Boolean(profile.graduationYear?.trim()) ||
    (profile.interests?.length ?? 0) > 0 ||
    (profile.targetTerms?.length ?? 0) > 0
  );
}

// The board files places under English country names.
const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The countries to favour: those the student may work in, else the one their browser says. */
function favouredCountries(profile: FitProfile, country: string | null): string[] {
  const authorized = (profile.workAuthorization?.authorizedIn ?? [])
    .map((code) => englishRegionNames.of(code))
    .filter((name): name is string => name !== undefined);
  if (authorized.length > 0) return authorized;
  const own = country?.trim();
  return own ? [own] : [];
}

// What each fit adds to a listing's score. A role family the student chose says more than a word in a title.
const weights = {
  skill: 3,
  field: 3,
  family: 4,
  stage: 2,
  country: 2,
  term: 2,
  degree: 1,
  noSponsorship: -3,
} as const;

/**
 * Up to `limit` (10) listings that fit, best first (ties in board order). A listing fits when it is of a kind the
 * graduation year calls for (when known) and names a skill, is in the program's field or in one of the student's
 * families; with none of those to go on, the graduation year or the target terms decide. The terms, the degree and the
 * countries raise it; a featured job that does not sponsor, for a student who needs it, is lowered and marked, never
 * hidden. Listings the student applied to, and those that may be closed (older than 6 months), are left out.
 */
export function jobsForYou(jobs: readonly BoardJob[], profile: FitProfile, options: JobsForYouOptions): JobForYou[] {
  const { country, appliedJobIds, nowMs, limit = 10 } = options;
  const skills = parseSkillsText(profile.skills).filter((skill) => skill.length >= 2);
  const program = profile.program?.trim() || null;
  const keywords = program ? programKeywords(program) : [];
  const yearText = profile.graduationYear?.trim() ?? '';
  const graduationYear = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  const stages = graduationYear === null ? null : stagesFor(graduationYear, new Date(nowMs).getFullYear());
  const countries = favouredCountries(profile, country);
  const countryKeys = countries.map((name) => name.toLowerCase());
  const interests = new Set(profile.interests ?? []);
  const now = new Date(nowMs);
  const targetTerms = new Set((profile.targetTerms ?? []).filter((term) => !isPastTerm(term, now)));
  const degreeLevel = profile.degreeLevel ?? null;
  const markNoSponsorship = needsSponsorship({ workAuthorization: profile.workAuthorization ?? null });
  const topical = skills.length > 0 || keywords.length > 0 || interests.size > 0;
  if (!topical && stages === null && targetTerms.size === 0) return [];

  const picks: JobForYou[] = [];
  for (const job of jobs) {
    if (appliedJobIds.has(job.id) || mayBeClosed(job.datePosted, nowMs)) continue;
    const stage = jobStage(job);
    if (stages !== null && (stage === null || !stages.includes(stage))) continue;
    const texts = [job.title, job.category ?? '', ...job.terms];
    const matchedSkills = skills.filter((skill) => matchesWord(texts, skill.toLowerCase())).slice(0, 3);
    const inField = keywords.some((word) => matchesWord(texts, word));
    const inFamily = job.family !== null && interests.has(job.family);
    const terms = job.termKeys.filter((term) => targetTerms.has(term));
    if (topical) {
      if (matchedSkills.length === 0 && !inField && !inFamily) continue;
    } else if (stages === null && terms.length === 0) {
      // Only target terms to go on: the listing must be for one of them.
      continue;
    }
    const countryIndex = countryKeys.findIndex((key) =>
      job.places.some((place) => place.country?.toLowerCase() === key),
    );
    const degreeOpen = degreeLevel !== null && job.degreeLevels.includes(degreeLevel);
    const noSponsorship = markNoSponsorship && job.featured && job.sponsorship === 'no';
    const score =
      matchedSkills.length * weights.skill +
      (inField ? weights.field : 0) +
      (inFamily ? weights.family : 0) +
      (stages !== null ? weights.stage : 0) +
      (countryIndex >= 0 ? weights.country : 0) +
      (terms.length > 0 ? weights.term : 0) +
      (degreeOpen ? weights.degree : 0) +
      (noSponsorship ? weights.noSponsorship : 0);
    picks.push({
      job,
      score,
      reasons: {
        skills: matchedSkills,
        program: inField ? program : null,
        stage: stages !== null && stage !== null && graduationYear !== null ? { kind: stage, graduationYear } : null,
        country: countryIndex >= 0 ? countries[countryIndex]! : null,
        family: inFamily ? job.family : null,
        terms,
        degree: degreeOpen ? degreeLevel : null,
        noSponsorship,
      },
    });
  }
  // Stable: equal scores keep board order (featured first, then newest).
  picks.sort((a, b) => b.score - a.score);
  return onePerJob(picks, limit);
}

/**
 * The first `limit` picks of `sorted` (best first), one per job: a role posted in ten cities is one suggestion (its
 * best-placed posting), as it is one card on the board (posting-groups.ts).
 */
export function onePerJob(sorted: readonly JobForYou[], limit: number): JobForYou[] {
  const cards = new Set<string>();
  const unique: JobForYou[] = [];
  for (const pick of sorted) {
    if (unique.length >= limit) break;
    const card = postingGroupKey(pick.job);
    if (cards.has(card)) continue;
    cards.add(card);
    unique.push(pick);
  }
  return unique;
}
