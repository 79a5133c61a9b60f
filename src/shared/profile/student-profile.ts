import type { DevpostProfile } from '../devpost/devpost-profile.ts';
import type { GithubProfile } from '../github/github-profile.ts';
import type { JobPreferences } from './job-preferences.ts';

// Spec section 3, "Student profile": what GET /api/profile, PATCH /api/profile/update, PATCH /api/profile/name and
// PATCH /api/profile/main-resume answer.

/** The timestamp shape the spec shows for uploadedAt (a Firestore-style timestamp). */
export type SecondsTimestamp = { _seconds: number; _nanoseconds: number };

export type ResumeReference = {
  /** Changes with every upload. */
  id: string;
  /** The cleaned file name ('My CV.pdf'). */
  name: string;
  /** Path relative to the API base ('/profile/resume'); needs the bearer token, so fetch it as a blob. */
  url: string;
  /** Bytes. */
  size: number;
  uploadedAt: SecondsTimestamp;
};

export type StudentProfile = {
  /** The Firebase uid. */
  id: string;
  email: string;
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  school: string | null;
  program: string | null;
  /** Four digits, as text (spec). */
  graduationYear: string | null;
  linkedinUrl: string | null;
  portfolioUrl: string | null;
  /** Always a verified one: the server refuses to save an unverified Devpost username. */
  devpostUsername: string | null;
  githubUsername: string | null;
  /** Comma-separated (spec): 'TypeScript, React'. Read it with parseSkillsText. '' when none. */
  skills: string;
  /** What the student looks for (src/shared/profile/job-preferences.ts): "jobs for you" and the board read them. */
  degreeLevel: JobPreferences['degreeLevel'];
  /** Term keys ('summer-2026'), calendar order. */
  targetTerms: JobPreferences['targetTerms'];
  /** Role families, in the board's order. */
  interests: JobPreferences['interests'];
  workAuthorization: JobPreferences['workAuthorization'];
  resume: ResumeReference | null;
  /** Job ids (filled by the applications feature). */
  appliedJobs: string[];
  organizations: string[];
  github: GithubProfile | null;
  devpost: DevpostProfile | null;
  onboardingRequired: boolean;
};

export function toSecondsTimestamp(date: Date): SecondsTimestamp {
  const milliseconds = date.getTime();
  const seconds = Math.floor(milliseconds / 1000);
  return { _seconds: seconds, _nanoseconds: (milliseconds - seconds * 1000) * 1_000_000 };
}

export function fromSecondsTimestamp(timestamp: SecondsTimestamp): Date {
  return new Date(timestamp._seconds * 1000 + Math.floor(timestamp._nanoseconds / 1_000_000));
}

/**
 * A profile kept on a device before the job preferences existed lacks them: read it as "nothing chosen" so every
 * reader of a kept copy sees the fields.
 */
export function withJobPreferences(profile: StudentProfile): StudentProfile {
  return {
    ...profile,
    degreeLevel: profile.degreeLevel ?? null,
    targetTerms: profile.targetTerms ?? [],
    interests: profile.interests ?? [],
    workAuthorization: profile.workAuthorization ?? null,
  };
}
