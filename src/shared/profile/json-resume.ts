import {
  addProfileLink,
  classifyProfileLink,
  emptyResumeFields,
  splitPersonName,
  yearOf,
  type ResumeEducation,
  type ResumeFields,
  type ResumeWork,
} from './resume-fields.ts';
import { maxSkillLength, maxSkills, parseSkillsText } from './skills.ts';
import type { StudentProfile } from './student-profile.ts';

// JSON Resume, schema 1.0 (https://jsonresume.org/schema): the profile written as one (GET /api/profile/resume.json,
// the data export) and a resume.json read into the fields the student reviews before they are saved.

export const jsonResumeSchemaUrl = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

export type JsonResumeProfile = { network: string; username?: string; url?: string };

export type JsonResume = {
  $schema: string;
  basics: {
    name?: string;
    email?: string;
    phone?: string;
    url?: string;
    profiles: JsonResumeProfile[];
  };
  work: Array<{ name: string; position?: string; startDate?: string; endDate?: string; highlights?: string[] }>;
  education: Array<{ institution: string; area?: string; studyType?: string; startDate?: string; endDate?: string }>;
  skills: Array<{ name: string }>;
  meta: { version: 'v1.0.0'; lastModified?: string };
};

type ProfileForExport = Pick<
  StudentProfile,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'school'
  | 'program'
  | 'graduationYear'
  | 'linkedinUrl'
  | 'portfolioUrl'
  | 'githubUsername'
  | 'devpostUsername'
  | 'skills'
>;

/** Drops the keys whose value is null or '' (JSON Resume leaves unknown fields out rather than null). */
function withoutBlanks<T extends Record<string, unknown>>(object: T): { [Key in keyof T]?: NonNullable<T[Key]> } {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as { [Key in keyof T]?: NonNullable<T[Key]> };
}

/** The profile as a JSON Resume 1.0 document. `lastModified` is an ISO date-time when known. */
export function profileToJsonResume(profile: ProfileForExport, lastModified?: Date): JsonResume {
  const name = [profile.firstName, profile.lastName].filter((part) => part && part.trim() !== '').join(' ');
  const profiles: JsonResumeProfile[] = [];
  if (profile.linkedinUrl) {
    const username = profile.linkedinUrl.replace(/\/$/, '').split('/').pop();
    profiles.push(withoutBlanks({ network: 'LinkedIn', username, url: profile.linkedinUrl }) as JsonResumeProfile);
  }
  if (profile.githubUsername) {
    profiles.push({
      network: 'GitHub',
      username: profile.githubUsername,
      url: `https://github.com/${profile.githubUsername}`,
    });
  }
  if (profile.devpostUsername) {
    profiles.push({
      network: 'Devpost',
      username: profile.devpostUsername,
      url: `https://devpost.com/${profile.devpostUsername}`,
    });
  }
  const education =
    profile.school || profile.program || profile.graduationYear
      ? [
          {
            institution: profile.school ?? '',
            ...withoutBlanks({ area: profile.program, endDate: profile.graduationYear }),
          },
        ]
      : [];
  return {
    $schema: jsonResumeSchemaUrl,
    basics: {
      ...withoutBlanks({ name, email: profile.email, phone: profile.phone, url: profile.portfolioUrl }),
      profiles,
    },
    work: [],
    education,
    skills: parseSkillsText(profile.skills ?? '').map((skill) => ({ name: skill })),
    meta: { version: 'v1.0.0', ...(lastModified ? { lastModified: lastModified.toISOString() } : {}) },
  };
}

// Reading: lenient, as files written by other tools are. A value of an unexpected type is ignored, never an error;
// only a file that is not a JSON object, or has none of the sections, is refused.
type Entry = Record<string, unknown>;
const entryOf = (value: unknown): Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Entry) : {};
const entriesOf = (value: unknown): Entry[] => (Array.isArray(value) ? value.map(entryOf) : []);
const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((item) => (textOf(item) ? [textOf(item)!] : [])) : [];

/** Why a file could not be read as a JSON Resume. */
export type JsonResumeProblem = 'not_json' | 'not_a_resume';

function educationEntries(education: unknown): ResumeEducation[] {
  return entriesOf(education).flatMap((entry) => {
    const institution = textOf(entry.institution);
    if (!institution) return [];
    return [
      {
        institution,
        area: textOf(entry.area),
        studyType: textOf(entry.studyType),
        startDate: textOf(entry.startDate),
        endDate: textOf(entry.endDate),
      },
    ];
  });
}

function workEntries(work: unknown): ResumeWork[] {
  return entriesOf(work).flatMap((entry) => {
    const name = textOf(entry.name) ?? textOf(entry.company);
    if (!name) return [];
    return [
      {
        name,
        position: textOf(entry.position),
        startDate: textOf(entry.startDate),
        endDate: textOf(entry.endDate),
        highlights: textsOf(entry.highlights),
      },
    ];
  });
}

/** The latest graduation first: a master's after a bachelor's is the one the profile asks for. */
function latestEducation(entries: ResumeEducation[]): ResumeEducation | null {
  let latest: ResumeEducation | null = null;
  for (const entry of entries) {
    if (!latest || (yearOf(entry.endDate) ?? '') > (yearOf(latest.endDate) ?? '')) latest = entry;
  }
  return latest;
}

/** Individual skills, deduplicated, within the profile's limits (a category's keywords stand for it). */
export function skillCandidates(names: string[]): string[] {
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const name of names) {
    const skill = name.trim();
    const key = skill.toLowerCase();
    if (!skill || skill.includes(',') || skill.length > maxSkillLength || seen.has(key)) continue;
    seen.add(key);
    skills.push(skill);
    if (skills.length === maxSkills) break;
  }
  return skills;
}

/** The fields a resume.json proposes, or the reason it cannot be read. */
export function jsonResumeToFields(text: string): ResumeFields | JsonResumeProblem {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'not_json';
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not_a_resume';
  if (!['basics', 'work', 'education', 'skills'].some((key) => key in data)) return 'not_a_resume';
  const resume = data as Entry;
  const basics = entryOf(resume.basics);
  const fields = emptyResumeFields();
  const name = textOf(basics.name);
  if (name) Object.assign(fields, splitPersonName(name));
  fields.email = textOf(basics.email);
  fields.phone = textOf(basics.phone);
  for (const profile of entriesOf(basics.profiles)) {
    const network = textOf(profile.network)?.toLowerCase() ?? '';
    const url = textOf(profile.url);
    const username = textOf(profile.username);
    const link = url ? classifyProfileLink(url) : null;
    if (link) addProfileLink(fields, link);
    else if (username && (network === 'github' || network === 'devpost')) {
      const fromName = classifyProfileLink(`https://${network}.com/${username}`);
      if (fromName) addProfileLink(fields, fromName);
    }
  }
  const website = textOf(basics.url);
  const websiteLink = website ? classifyProfileLink(website) : null;
  if (websiteLink) addProfileLink(fields, websiteLink);

  fields.education = educationEntries(resume.education);
  const latest = latestEducation(fields.education);
  if (latest) {
    fields.school = latest.institution;
    fields.program = latest.area;
    fields.graduationYear = yearOf(latest.endDate);
  }
  fields.work = workEntries(resume.work);
  fields.skills = skillCandidates(
    entriesOf(resume.skills).flatMap((skill) => {
      const keywords = textsOf(skill.keywords);
      const skillName = textOf(skill.name);
      return keywords.length > 0 ? keywords : skillName ? [skillName] : [];
    }),
  );
  return fields;
}

/** Resume fields (from a PDF or a resume.json) as JSON Resume, for a download or another tool. */
export function resumeFieldsToJsonResume(fields: ResumeFields): JsonResume {
  const base = profileToJsonResume({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email ?? '',
    phone: fields.phone,
    school: null,
    program: null,
    graduationYear: null,
    linkedinUrl: fields.linkedinUrl,
    portfolioUrl: fields.portfolioUrl,
    githubUsername: fields.githubUsername,
    devpostUsername: fields.devpostUsername,
    skills: fields.skills.join(', '),
  });
  return {
    ...base,
    work: fields.work.map((entry) => ({
      name: entry.name,
      ...withoutBlanks({ position: entry.position, startDate: entry.startDate, endDate: entry.endDate }),
      highlights: entry.highlights,
    })),
    education: fields.education.map((entry) => ({
      institution: entry.institution,
      ...withoutBlanks({
        area: entry.area,
        studyType: entry.studyType,
        startDate: entry.startDate,
        endDate: entry.endDate,
      }),
    })),
  };
}
