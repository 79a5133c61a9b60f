import type { DegreeLevel } from '../../../shared/jobs/job-criteria.ts';
import type { SponsorshipNeed } from '../../../shared/profile/job-preferences.ts';
import { editableProfileFields, type EditableProfileField } from '../../../shared/profile/profile-schema.ts';
import { parseSkillsText } from '../../../shared/profile/skills.ts';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';

// The account form's values and the pure rules around them (spec section 4): what changed, what the Save/Cancel bar
// watches, and when saving disconnects GitHub.

/** The editable fields as the form holds them: texts ('' when empty) and the skills as a list. */
export type ProfileFormValues = {
  phone: string;
  school: string;
  program: string;
  graduationYear: string;
  linkedinUrl: string;
  portfolioUrl: string;
  devpostUsername: string;
  githubUsername: string;
  skills: string[];
  /** '' when not chosen. */
  degreeLevel: DegreeLevel | '';
  targetTerms: string[];
  interests: string[];
  /** No country and '' is "not said" (saved as null). */
  workAuthorization: { authorizedIn: string[]; needsSponsorship: SponsorshipNeed | '' };
};

/** The fields of "What you are looking for": lists and choices, not texts. */
export const preferenceFields = ['degreeLevel', 'targetTerms', 'interests', 'workAuthorization'] as const;
export type PreferenceField = (typeof preferenceFields)[number];

export type ProfileTextField = Exclude<EditableProfileField, 'skills' | PreferenceField>;

export const profileTextFields = editableProfileFields.filter(
  (field): field is ProfileTextField => field !== 'skills' && !(preferenceFields as readonly string[]).includes(field),
);

export function isTextField(field: EditableProfileField): field is ProfileTextField {
  return (profileTextFields as readonly string[]).includes(field);
}

export function formValuesFromProfile(profile: StudentProfile): ProfileFormValues {
  return {
    phone: profile.phone ?? '',
    school: profile.school ?? '',
    program: profile.program ?? '',
    graduationYear: profile.graduationYear ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    portfolioUrl: profile.portfolioUrl ?? '',
    devpostUsername: profile.devpostUsername ?? '',
    githubUsername: profile.githubUsername ?? '',
    skills: parseSkillsText(profile.skills),
    // `?? []`: a profile kept on this device by an older version of the app lacks them.
    degreeLevel: profile.degreeLevel ?? '',
    targetTerms: [...(profile.targetTerms ?? [])],
    interests: [...(profile.interests ?? [])],
    workAuthorization: {
      authorizedIn: [...(profile.workAuthorization?.authorizedIn ?? [])],
      needsSponsorship: profile.workAuthorization?.needsSponsorship ?? '',
    },
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Chosen lists are sets: picking in another order is not a change. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return sameList([...a].sort(), [...b].sort());
}

/** Surrounding spaces are not a change: the server trims every text anyway. */
export function isFieldChanged(
  field: EditableProfileField,
  values: ProfileFormValues,
  saved: ProfileFormValues,
): boolean {
  if (field === 'skills') {
    const current = values.skills.map((skill) => skill.trim());
    const before = saved.skills.map((skill) => skill.trim());
    return !sameList(current, before);
  }
  if (field === 'targetTerms' || field === 'interests') return !sameSet(values[field], saved[field]);
  if (field === 'workAuthorization') {
    return (
      values.workAuthorization.needsSponsorship !== saved.workAuthorization.needsSponsorship ||
      !sameSet(values.workAuthorization.authorizedIn, saved.workAuthorization.authorizedIn)
    );
  }
  if (field === 'degreeLevel') return values.degreeLevel !== saved.degreeLevel;
  return values[field].trim() !== saved[field].trim();
}

/** The fields that differ from the saved profile, in form order; the Save/Cancel bar shows when this is not empty. */
export function changedFields(values: ProfileFormValues, saved: ProfileFormValues): EditableProfileField[] {
  return editableProfileFields.filter((field) => isFieldChanged(field, values, saved));
}

/**
 * The form's values once a save is answered: the saved profile's, except for the fields changed since the values
 * were sent (on a slow network the student may edit again before the answer comes), which keep what was typed.
 */
export function valuesAfterSave(
  saved: StudentProfile,
  sent: ProfileFormValues,
  current: ProfileFormValues,
): ProfileFormValues {
  const next = formValuesFromProfile(saved);
  for (const field of changedFields(current, sent)) keepValue(next, current, field);
  return next;
}

function keepValue<Field extends EditableProfileField>(
  target: ProfileFormValues,
  source: ProfileFormValues,
  field: Field,
): void {
  target[field] = source[field];
}

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Spec section 4: a saved GitHub connection whose username was emptied or changed is disconnected by the save.
 * `connectedUsername` is the username of the saved GitHub profile (null when none is connected).
 */
export function shouldDisconnectGithub(githubUsername: string, connectedUsername: string | null): boolean {
  if (!connectedUsername) return false;
  return !sameName(githubUsername, connectedUsername);
}

/** The GitHub profile is shown only while the username field still names it. */
export function githubProfileStillNamed(githubUsername: string, connectedUsername: string | null): boolean {
  return connectedUsername !== null && sameName(githubUsername, connectedUsername);
}

/**
 * Spec section 5: a Devpost username may be saved only once verified. The saved one was verified when it was saved;
 * a new one needs a verification made since it was typed (`verifiedUsername`). Empty needs nothing.
 */
export function isDevpostVerified(
  devpostUsername: string,
  savedUsername: string | null,
  verifiedUsername: string | null,
): boolean {
  const name = devpostUsername.trim();
  if (!name) return true;
  return sameName(name, savedUsername) || sameName(name, verifiedUsername);
}

/**
 * The first message of a field's error. A list or an object field holds its errors inside (`targetTerms[2]`,
 * `workAuthorization.needsSponsorship`); a server error sits on the field itself.
 */
export function fieldErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const message = fieldErrorMessage(inner);
    if (message) return message;
  }
  return undefined;
}
