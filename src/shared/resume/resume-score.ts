import type { ResumeFields } from '../profile/resume-fields.ts';
import { skillKey } from './skill-vocabulary.ts';

// How well the parser reads a labelled set of resumes (tests/fixtures/resumes): precision and recall per field, the
// way `npm run bench:resume` prints them and the unit test holds a floor under them.

/** What the labels hold: the profile's fields, without the experience and education entries. */
export type ExpectedResumeFields = Omit<ResumeFields, 'education' | 'work'>;

export const scoredFields = [
  'name',
  'email',
  'phone',
  'school',
  'program',
  'graduationYear',
  'links',
  'skills',
] as const;
export type ScoredField = (typeof scoredFields)[number];

type Tally = { found: number; expected: number; correct: number };
export type FieldScore = Tally & { precision: number; recall: number; f1: number };

const loose = (text: string) =>
  text.normalize('NFC').toLocaleLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim();

const linkKey = (url: string) =>
  loose(url)
    .replace(/^https?:\/\//, '')
    .replace(/^(www\.|[a-z]{2}\.)(?=linkedin\.com)/, '')
    .replace(/^www\./, '')
    .replace(/\/$/, '');

type Pair = [found: string | null, expected: string | null, same: (a: string, b: string) => boolean];

/** One resume's comparisons per field: a value found, a value expected, and whether they agree. */
function comparisons(found: ExpectedResumeFields, expected: ExpectedResumeFields): Record<ScoredField, Pair[]> {
  const same = (a: string, b: string) => loose(a) === loose(b);
  const name = (fields: ExpectedResumeFields) =>
    fields.firstName || fields.lastName ? `${fields.firstName ?? ''}|${fields.lastName ?? ''}` : null;
  return {
    name: [[name(found), name(expected), same]],
    email: [[found.email, expected.email, same]],
    phone: [[found.phone, expected.phone, (a, b) => a.trim() === b.trim()]],
    school: [[found.school, expected.school, same]],
    program: [[found.program, expected.program, same]],
    graduationYear: [[found.graduationYear, expected.graduationYear, same]],
    links: [
      [found.githubUsername, expected.githubUsername, same],
      [found.devpostUsername, expected.devpostUsername, same],
      [found.linkedinUrl, expected.linkedinUrl, (a, b) => linkKey(a) === linkKey(b)],
      [found.portfolioUrl, expected.portfolioUrl, (a, b) => linkKey(a) === linkKey(b)],
    ],
    skills: [],
  };
}

export type ResumeMistake = { field: ScoredField; found: string | null; expected: string | null };

export class ResumeScorer {
  private readonly tallies = new Map<ScoredField, Tally>(
    scoredFields.map((field) => [field, { found: 0, expected: 0, correct: 0 }]),
  );

  /** Adds one resume; answers what it got wrong. */
  add(found: ExpectedResumeFields, expected: ExpectedResumeFields): ResumeMistake[] {
    const mistakes: ResumeMistake[] = [];
    for (const [field, pairs] of Object.entries(comparisons(found, expected)) as [ScoredField, Pair[]][]) {
      const tally = this.tallies.get(field)!;
      for (const [value, wanted, same] of pairs) {
        if (value !== null) tally.found += 1;
        if (wanted !== null) tally.expected += 1;
        const right = value !== null && wanted !== null && same(value, wanted);
        if (right) tally.correct += 1;
        if (!right && (value !== null || wanted !== null)) mistakes.push({ field, found: value, expected: wanted });
      }
    }
    const skills = this.tallies.get('skills')!;
    const wantedSkills = new Set(expected.skills.map(skillKey));
    const foundSkills = new Set(found.skills.map(skillKey));
    skills.found += foundSkills.size;
    skills.expected += wantedSkills.size;
    for (const key of foundSkills) if (wantedSkills.has(key)) skills.correct += 1;
    const missing = expected.skills.filter((skill) => !foundSkills.has(skillKey(skill)));
    const extra = found.skills.filter((skill) => !wantedSkills.has(skillKey(skill)));
    if (missing.length > 0 || extra.length > 0) {
      mistakes.push({ field: 'skills', found: extra.join(', ') || null, expected: missing.join(', ') || null });
    }
    return mistakes;
  }

  scores(): Record<ScoredField, FieldScore> {
    const result = {} as Record<ScoredField, FieldScore>;
    for (const [field, tally] of this.tallies) {
      const precision = tally.found === 0 ? 1 : tally.correct / tally.found;
      const recall = tally.expected === 0 ? 1 : tally.correct / tally.expected;
      const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
      result[field] = { ...tally, precision, recall, f1 };
    }
    return result;
  }
}
