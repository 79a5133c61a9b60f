import type { DevpostProfile } from '../devpost/devpost-profile.ts';
import type { GithubProfile } from '../github/github-profile.ts';
import type { Match, MatchPart } from './company-api.ts';

// The match score of an applicant for a job: 0-100, the sum of four explained parts, computed only from facts we
// hold (docs/decisions/011-company-portal.md). No hidden model: a member can check every point by hand.
//
// - skills (50): the share of the job's required skills the student lists on their profile (case, spaces and
//   punctuation ignored: "Node.js" = "nodejs"). A job without required skills gives every applicant the 50. A profile
//   that lists no skills at all (the student was never asked) is not counted as "0 of N": the part is left out and
//   the score is the other parts' share of their own maximum, so such a student does not sink under "Best match".
// - graduation (20): the graduation year against the job type, at the time of the application.
//     Internship: still studying (after this year) fits; this year is close.
//     New Grad: graduated within a year (last year to next year) fits; two years either way is close.
//     Full-time: graduating by next year fits; the year after is close.
//   fits 20, close 10, anything else (far, or no year) 0.
// - github (15): contributions in the last year: 500+ 15, 200+ 12, 50+ 8, 1+ 4, none (or no GitHub) 0.
// - devpost (15): 2 per hackathon project up to 5 projects (10), and 3 for one win, 5 for two or more.

export const matchWeights = { skills: 50, graduation: 20, github: 15, devpost: 15 } as const;

export type MatchInput = {
  job: { type: string; skills: readonly string[] };
  applicant: {
    skills: readonly string[];
    graduationYear: number | null;
    github: Pick<GithubProfile, 'contributionCount' | 'repoCount'> | null;
    devpost: { stats: Pick<DevpostProfile['stats'], 'projectCount' | 'winCount'> } | null;
  };
  /** When the student applied (the graduation year is judged against that year). */
  at: Date;
};

/** "Node.js" -> "nodejs", "C++" stays "c++", "Machine Learning" -> "machinelearning". */
export function skillKey(skill: string): string {
  return skill
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]/gu, '');
}

export function skillsPart(
  required: readonly string[],
  listed: readonly string[],
): Extract<MatchPart, { key: 'skills' }> {
  const max = matchWeights.skills;
  const have = new Set(listed.map(skillKey).filter(Boolean));
  const wanted = [...new Map(required.map((skill) => [skillKey(skill), skill])).entries()].filter(([key]) => key);
  const missing = wanted.filter(([key]) => !have.has(key)).map(([, skill]) => skill);
  const matched = wanted.length - missing.length;
  if (wanted.length > 0 && have.size === 0) {
    return { key: 'skills', points: 0, max: 0, matched: 0, required: wanted.length, missing, notListed: true };
  }
  const points = wanted.length === 0 ? max : Math.round((max * matched) / wanted.length);
  return { key: 'skills', points, max, matched, required: wanted.length, missing };
}

export function graduationFit(jobType: string, year: number | null, at: Date): 'fits' | 'close' | 'far' | 'unknown' {
  if (year === null || !Number.isInteger(year)) return 'unknown';
  const now = at.getUTCFullYear();
  const type = jobType.trim().toLowerCase();
  if (type === 'internship') {
    if (year > now) return 'fits';
    return year === now ? 'close' : 'far';
  }
  if (type === 'new grad') {
    const distance = Math.abs(year - now);
    if (distance <= 1) return 'fits';
    return distance === 2 ? 'close' : 'far';
  }
  // Full-time and any other type: ready to start.
  if (year <= now + 1) return 'fits';
  return year === now + 2 ? 'close' : 'far';
}

export function graduationPart(
  jobType: string,
  year: number | null,
  at: Date,
): Extract<MatchPart, { key: 'graduation' }> {
  const max = matchWeights.graduation;
  const fit = graduationFit(jobType, year, at);
  const points = fit === 'fits' ? max : fit === 'close' ? max / 2 : 0;
  return { key: 'graduation', points, max, year, jobType, fit };
}

export function githubPart(github: MatchInput['applicant']['github']): Extract<MatchPart, { key: 'github' }> {
  const max = matchWeights.github;
  if (!github) return { key: 'github', points: 0, max, contributions: null, repos: null };
  const contributions = Math.max(0, Math.floor(github.contributionCount));
  const points =
    contributions >= 500 ? 15 : contributions >= 200 ? 12 : contributions >= 50 ? 8 : contributions >= 1 ? 4 : 0;
  return { key: 'github', points, max, contributions, repos: github.repoCount };
}

export function devpostPart(devpost: MatchInput['applicant']['devpost']): Extract<MatchPart, { key: 'devpost' }> {
  const max = matchWeights.devpost;
  if (!devpost) return { key: 'devpost', points: 0, max, projects: null, wins: null };
  const projects = Math.max(0, Math.floor(devpost.stats.projectCount));
  const wins = Math.max(0, Math.floor(devpost.stats.winCount));
  const points = Math.min(projects, 5) * 2 + (wins >= 2 ? 5 : wins === 1 ? 3 : 0);
  return { key: 'devpost', points, max, projects, wins };
}

export function computeMatch({ job, applicant, at }: MatchInput): Match {
  const parts: MatchPart[] = [
    skillsPart(job.skills, applicant.skills),
    graduationPart(job.type, applicant.graduationYear, at),
    githubPart(applicant.github),
    devpostPart(applicant.devpost),
  ];
  const points = parts.reduce((sum, part) => sum + part.points, 0);
  const max = parts.reduce((sum, part) => sum + part.max, 0);
  const score = max === 0 ? 0 : Math.max(0, Math.min(100, Math.round((100 * points) / max)));
  return { score, parts };
}

/** The English explanation of a part ("4 of 5 required skills"), for the CSV export and logs; the portal translates. */
export function describeMatchPart(part: MatchPart): string {
  switch (part.key) {
    case 'skills':
      if (part.notListed) return `No skills on the profile (not counted; ${part.required} required)`;
      return part.required === 0 ? 'No required skills' : `${part.matched} of ${part.required} required skills`;
    case 'graduation':
      return part.year === null ? 'No graduation year' : `Graduates ${part.year} (${part.fit} for ${part.jobType})`;
    case 'github':
      return part.contributions === null
        ? 'No GitHub profile'
        : `${part.contributions} GitHub contributions in the last year`;
    case 'devpost':
      return part.projects === null
        ? 'No Devpost profile'
        : `${part.projects} hackathon project${part.projects === 1 ? '' : 's'}, ${part.wins} win${part.wins === 1 ? '' : 's'}`;
  }
}
