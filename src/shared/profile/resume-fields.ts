import { githubUsernamePattern, devpostUsernamePattern, isLinkedinUrl, isPortfolioUrl } from './profile-schema.ts';

// What a resume (a PDF read on the device, or a JSON Resume file) proposes for the profile. Every field may be
// missing. The student reviews each value before anything is saved (docs/decisions/030-resume-autofill.md).

export type ResumeEducation = {
  institution: string;
  area: string | null;
  studyType: string | null;
  startDate: string | null;
  /** 'YYYY' or 'YYYY-MM'; the graduation, expected or past. */
  endDate: string | null;
};

export type ResumeWork = {
  name: string;
  position: string | null;
  startDate: string | null;
  endDate: string | null;
  highlights: string[];
};

export type ResumeFields = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  school: string | null;
  program: string | null;
  graduationYear: string | null;
  linkedinUrl: string | null;
  portfolioUrl: string | null;
  githubUsername: string | null;
  devpostUsername: string | null;
  skills: string[];
  education: ResumeEducation[];
  work: ResumeWork[];
};

export function emptyResumeFields(): ResumeFields {
  return {
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    school: null,
    program: null,
    graduationYear: null,
    linkedinUrl: null,
    portfolioUrl: null,
    githubUsername: null,
    devpostUsername: null,
    skills: [],
    education: [],
    work: [],
  };
}

// Particles that begin a family name: 'Jean de La Fontaine' -> 'Jean' + 'de La Fontaine'.
const nameParticles = new Set(['de', 'du', 'des', 'del', 'della', 'da', 'di', 'van', 'von', 'der', 'den', 'le', 'la']);

/** 'Marie-Ève Tremblay' -> first 'Marie-Ève', last 'Tremblay'; one word is a first name only. */
export function splitPersonName(fullName: string): { firstName: string | null; lastName: string | null } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: words[0]!, lastName: null };
  let lastStart = words.length - 1;
  while (lastStart > 1 && nameParticles.has(words[lastStart - 1]!.toLowerCase())) lastStart -= 1;
  return { firstName: words.slice(0, lastStart).join(' '), lastName: words.slice(lastStart).join(' ') };
}

/** Adds https:// to a link written without a scheme ('linkedin.com/in/ada'); null when it is no web address. */
export function absoluteLink(text: string): string | null {
  const trimmed = text.trim().replace(/[.,;)]+$/, '');
  if (trimmed === '' || /\s/.test(trimmed) || trimmed.includes('@')) return null;
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.hostname.includes('.') ? withScheme : null;
  } catch {
    return null;
  }
}

function hostOf(link: string): string | null {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

function firstPathSegment(link: string): string | null {
  try {
    return new URL(link).pathname.split('/').filter(Boolean)[0] ?? null;
  } catch {
    return null;
  }
}

const devpostPages = new Set([
  'software',
  'hackathons',
  'challenges',
  'portfolio',
  'settings',
  'users',
  'search',
  'about',
]);

export type ProfileLink =
  | { kind: 'github'; username: string }
  | { kind: 'devpost'; username: string }
  | { kind: 'linkedin'; url: string }
  | { kind: 'portfolio'; url: string };

/** What a web address on a resume is for the profile, or null when it is none of its links. */
export function classifyProfileLink(text: string): ProfileLink | null {
  const link = absoluteLink(text);
  if (!link) return null;
  const host = hostOf(link);
  if (!host) return null;
  if (host === 'github.com') {
    const username = firstPathSegment(link);
    return username && githubUsernamePattern.test(username) ? { kind: 'github', username } : null;
  }
  if (host === 'devpost.com') {
    const username = firstPathSegment(link);
    // devpost.com/software/<project> is a project's page, not a person's.
    return username && devpostUsernamePattern.test(username) && !devpostPages.has(username.toLowerCase())
      ? { kind: 'devpost', username }
      : null;
  }
  if (host.endsWith('.devpost.com')) {
    // ada.devpost.com is a hackathon's site, not a person's page.
    return null;
  }
  if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) {
    const normalised = link
      .replace(/^http:\/\//i, 'https://')
      .replace(/\/\/[a-z]{2}\.linkedin\.com/i, '//linkedin.com');
    return isLinkedinUrl(normalised) ? { kind: 'linkedin', url: normalised.replace(/\/$/, '') } : null;
  }
  return isPortfolioUrl(link) ? { kind: 'portfolio', url: link } : null;
}

/** Sets each link field the first time a link of its kind is seen. */
export function addProfileLink(fields: ResumeFields, link: ProfileLink): void {
  switch (link.kind) {
    case 'github':
      fields.githubUsername ??= link.username;
      break;
    case 'devpost':
      fields.devpostUsername ??= link.username;
      break;
    case 'linkedin':
      fields.linkedinUrl ??= link.url;
      break;
    case 'portfolio':
      fields.portfolioUrl ??= link.url;
      break;
  }
}

/** The four digits of a year in 'YYYY', 'YYYY-MM', 'YYYY-MM-DD', or null. */
export function yearOf(date: string | null | undefined): string | null {
  const match = date?.trim().match(/^(\d{4})(?:-\d{2}){0,2}$/);
  return match ? match[1]! : null;
}
