import {
  createProfileUpdateSchema,
  profileNameSchema,
  type ProfileName,
  type ProfileUpdateInput,
} from '../../../shared/profile/profile-schema.ts';
import { parseSkillsText } from '../../../shared/profile/skills.ts';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import type {
  ApplicationDraftRecord,
  DraftAnswers,
  ResumeChoice,
  ScreeningAnswers,
  VerifiedDevpost,
} from '../../db/records/apply-records.ts';

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
  /** The wizard's last step index (it has 5 to 7 steps, see wizard-steps.ts). */
  lastStep?: number;
}

export interface InitialWizardState {
  step: number;
  answers: DraftAnswers;
  resumeChoice: ResumeChoice | null;
  devpost: VerifiedDevpost | null;
  screening: ScreeningAnswers;
  skills: string[];
}

type ProfileAnswerField =
  | 'phone'
  | 'university'
  | 'major'
  | 'graduationYear'
  | 'githubUsername'
  | 'devpostUsername'
  | 'linkedinUrl'
  | 'portfolioUrl';

/** The answers the profile holds, names and e-mail aside ('' where it holds nothing). */
function profileAnswers(profile: StudentProfile | null): Pick<DraftAnswers, ProfileAnswerField> {
  return {
    phone: profile?.phone ?? '',
    university: profile?.school ?? '',
    major: profile?.program ?? '',
    graduationYear: profile?.graduationYear ?? '',
    githubUsername: profile?.githubUsername ?? '',
    devpostUsername: profile?.devpostUsername ?? '',
    linkedinUrl: profile?.linkedinUrl ?? '',
    portfolioUrl: profile?.portfolioUrl ?? '',
  };
}

/**
 * After the profile was filled during the wizard (from the attached resume), the answers still blank that the
 * profile now holds: what the student typed is never replaced. In private mode the names are the invitation's.
 */
export function blankAnswersFromProfile(
  answers: DraftAnswers,
  profile: StudentProfile,
  invited: boolean,
): Partial<DraftAnswers> {
  // The Devpost username is left out: the wizard keeps it with its own verification, and a resume never fills it.
  const { devpostUsername: _verifiedElsewhere, ...answersOfProfile } = profileAnswers(profile);
  const fromProfile: Partial<DraftAnswers> = {
    ...answersOfProfile,
    ...(invited
      ? {}
      : { firstName: profileName(profile.firstName) ?? '', lastName: profileName(profile.lastName) ?? '' }),
  };
  const filled: Partial<DraftAnswers> = {};
  for (const [field, value] of Object.entries(fromProfile) as Array<[keyof DraftAnswers, string]>) {
    if (value !== '' && answers[field].trim() === '') filled[field] = value;
  }
  return filled;
}

/** The profile's resume as the Resume step's choice, or null when the profile has none. */
function profileResumeChoice(profile: StudentProfile | null): ResumeChoice | null {
  if (!profile?.resume) return null;
  return { kind: 'saved', resume: { id: profile.resume.id, url: profile.resume.url }, name: profile.resume.name };
}

/**
 * Spec section 3, application form data, with every field the profile holds prefilled: names, phone, school ->
 * university, program -> major, graduation year, links and usernames, and the profile resume chosen. (This replaces
 * the spec's "first and last name start empty" for signed-in students.) In private mode the invitation's names win;
 * the e-mail is the signed-in one. A saved draft wins over the prefill (it is what the applicant typed), except for
 * the fixed e-mail; a draft that chose no resume yet gets the profile's.
 */
export function initialWizardState({
  profile,
  email,
  applicant,
  draft,
  lastStep = 4,
}: PrefillSources): InitialWizardState {
  const prefill: DraftAnswers = {
    ...emptyAnswers,
    firstName: (applicant ? applicant.firstName : null) ?? profileName(profile?.firstName) ?? '',
    lastName: (applicant ? applicant.lastName : null) ?? profileName(profile?.lastName) ?? '',
    email,
    ...profileAnswers(profile),
  };
  // The profile keeps only verified Devpost usernames, so its username counts as verified.
  const profileDevpost: VerifiedDevpost | null = profile?.devpostUsername
    ? { username: profile.devpostUsername, profile: profile.devpost }
    : null;
  if (!draft)
    return {
      step: 0,
      answers: prefill,
      resumeChoice: profileResumeChoice(profile),
      devpost: profileDevpost,
      screening: {},
      skills: [],
    };
  return {
    step: Math.min(Math.max(0, Math.trunc(draft.step)), lastStep),
    screening: draft.screening ?? {},
    skills: draft.skills ?? [],
    answers: { ...prefill, ...draft.answers, email },
    resumeChoice:
      draft.resumeChoice === null ? profileResumeChoice(profile) : currentResumeChoice(draft.resumeChoice, profile),
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

/** A profile name worth prefilling: not blank and not the placeholder 'User'. */
function profileName(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  return trimmed && trimmed.toLowerCase() !== 'user' ? trimmed : null;
}

/** What "Save to my profile" sends: the changed profile fields, and the name when it changed. Nothing: null. */
export interface ProfileSaveBack {
  update: ProfileUpdateInput | null;
  name: ProfileName | null;
}

// Application field -> profile field. Devpost is left out: the profile keeps only a username verified for it, and
// the wizard's verification is not the profile's.
const answerToProfile = {
  phone: 'phone',
  university: 'school',
  major: 'program',
  graduationYear: 'graduationYear',
  linkedinUrl: 'linkedinUrl',
  portfolioUrl: 'portfolioUrl',
  githubUsername: 'githubUsername',
} as const satisfies Partial<Record<keyof DraftAnswers, keyof StudentProfile>>;

/**
 * The application's answers the profile does not hold yet (new or different), as profile updates. A value the
 * profile's own rules refuse is left out rather than failing the whole save; an empty answer never clears the profile.
 * In private mode (`invited`) the names came from the invitation and are not the student's to save.
 */
export function profileSaveBack(
  answers: DraftAnswers,
  profile: StudentProfile,
  invited: boolean,
  now: () => Date = () => new Date(),
): ProfileSaveBack {
  const schema = createProfileUpdateSchema({ now });
  const update: Record<string, string> = {};
  for (const [answerField, profileField] of Object.entries(answerToProfile) as Array<
    [keyof typeof answerToProfile, (typeof answerToProfile)[keyof typeof answerToProfile]]
  >) {
    const value = answers[answerField].trim();
    if (value === '' || value === (profile[profileField] ?? '').trim()) continue;
    const one = schema.safeParse({ [profileField]: value });
    if (one.success) update[profileField] = value;
  }
  let name: ProfileName | null = null;
  if (!invited) {
    const firstName = answers.firstName.trim();
    const lastName = answers.lastName.trim();
    const changed = firstName !== (profile.firstName ?? '').trim() || lastName !== (profile.lastName ?? '').trim();
    const parsed = profileNameSchema.safeParse({ firstName, lastName });
    if (changed && parsed.success) name = parsed.data;
  }
  return { update: Object.keys(update).length > 0 ? update : null, name };
}

/**
 * The skills given in the Skills step, for "Save to my profile": only into a profile that lists none (the step is
 * asked only then), and only a list the profile's rules accept. Nothing to save: null.
 */
export function skillsSaveBack(skills: readonly string[], profile: StudentProfile): string[] | null {
  if (skills.length === 0 || parseSkillsText(profile.skills).length > 0) return null;
  const parsed = createProfileUpdateSchema({ now: () => new Date() }).safeParse({ skills: [...skills] });
  return parsed.success ? [...skills] : null;
}

/** Spec section 4: an empty Devpost username is fine; a given one must be the verified one. */
export function isDevpostVerified(username: string, verified: VerifiedDevpost | null): boolean {
  const value = username.trim();
  if (value === '') return true;
  return verified !== null && verified.username.trim().toLowerCase() === value.toLowerCase();
}
