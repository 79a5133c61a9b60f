import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import type { ApplicationDraftRecord, DraftAnswers, ResumeChoice, VerifiedDevpost } from './db/apply-records.ts';

export const emptyAnswers: DraftAnswers = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  university: '',
  major: '',
  graduationYear: '',
  githubUsername: '',
  devpostUsername: '',
  linkedinUrl: '',
  portfolioUrl: '',
  coverLetter: '',
};

export interface PrefillSources {
  profile: StudentProfile | null;
  /** The signed-in account's e-mail: the application's e-mail is fixed to it. */
  email: string;
  /** Private mode: the invited applicant's names. */
  applicant: { firstName: string | null; lastName: string | null } | null;
  draft: ApplicationDraftRecord | null;
}

export interface InitialWizardState {
  step: number;
  answers: DraftAnswers;
  resumeChoice: ResumeChoice | null;
  devpost: VerifiedDevpost | null;
}

/**
 * Spec section 3, application form data: school -> university, program -> major, and the other profile fields as
 * they are; a public applicant's names start empty, a private one's come from the invitation; the e-mail is the
 * signed-in one. A saved draft wins over the prefill (it is what the applicant typed), except for the fixed e-mail.
 */
export function initialWizardState({ profile, email, applicant, draft }: PrefillSources): InitialWizardState {
  const prefill: DraftAnswers = {
    ...emptyAnswers,
    firstName: applicant?.firstName ?? '',
    lastName: applicant?.lastName ?? '',
    email,
    phone: profile?.phone ?? '',
    university: profile?.school ?? '',
    major: profile?.program ?? '',
    graduationYear: profile?.graduationYear ?? '',
    githubUsername: profile?.githubUsername ?? '',
    devpostUsername: profile?.devpostUsername ?? '',
    linkedinUrl: profile?.linkedinUrl ?? '',
    portfolioUrl: profile?.portfolioUrl ?? '',
  };
  // The profile keeps only verified Devpost usernames, so its username counts as verified.
  const profileDevpost: VerifiedDevpost | null = profile?.devpostUsername
    ? { username: profile.devpostUsername, profile: profile.devpost }
    : null;
  if (!draft) return { step: 0, answers: prefill, resumeChoice: null, devpost: profileDevpost };
  return {
    step: Math.min(Math.max(0, Math.trunc(draft.step)), 4),
    answers: { ...prefill, ...draft.answers, email },
    resumeChoice: currentResumeChoice(draft.resumeChoice, profile),
    devpost: draft.devpost ?? profileDevpost,
  };
}

/**
 * "My profile resume" means the profile's resume now: if it was replaced since the draft was saved, the new one is
 * chosen (the server only accepts the current one); if it was removed, nothing is chosen. Unknown offline: kept.
 */
function currentResumeChoice(choice: ResumeChoice | null, profile: StudentProfile | null): ResumeChoice | null {
  if (choice?.kind !== 'saved' || !profile) return choice;
  if (!profile.resume) return null;
  if (profile.resume.id === choice.resume.id) return choice;
  return { kind: 'saved', resume: { id: profile.resume.id, url: profile.resume.url }, name: profile.resume.name };
}

/** Spec section 4: an empty Devpost username is fine; a given one must be the verified one. */
export function isDevpostVerified(username: string, verified: VerifiedDevpost | null): boolean {
  const value = username.trim();
  if (value === '') return true;
  return verified !== null && verified.username.trim().toLowerCase() === value.toLowerCase();
}
