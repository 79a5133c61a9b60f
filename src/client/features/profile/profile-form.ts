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
};

export type ProfileTextField = Exclude<EditableProfileField, 'skills'>;

export const profileTextFields = editableProfileFields.filter((field): field is ProfileTextField => field !== 'skills');

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
  };
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
    return current.length !== before.length || current.some((skill, index) => skill !== before[index]);
  }
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
  for (const field of changedFields(current, sent)) {
    if (field === 'skills') next.skills = current.skills;
    else next[field] = current[field];
  }
  return next;
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
