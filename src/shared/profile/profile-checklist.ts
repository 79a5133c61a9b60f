import type { StudentProfile } from './student-profile.ts';
import { parseSkillsText } from './skills.ts';

// The dashboard's profile checklist: what the apply form and "jobs for you" read from the profile, and whether the
// student has filled it. Each item names the account page section that holds it, for a link straight to the field.

export const profileChecklistKeys = [
  'name',
  'school',
  'program',
  'graduationYear',
  'phone',
  'resume',
  'github',
  'devpost',
  'skills',
] as const;
export type ProfileChecklistKey = (typeof profileChecklistKeys)[number];

export type AccountSection = 'personal' | 'connections' | 'skills' | 'resume';

export const checklistSections: Record<ProfileChecklistKey, AccountSection> = {
  name: 'personal',
  school: 'personal',
  program: 'personal',
  graduationYear: 'personal',
  phone: 'personal',
  resume: 'resume',
  github: 'connections',
  devpost: 'connections',
  skills: 'skills',
};

export type ChecklistItem = { key: ProfileChecklistKey; done: boolean; section: AccountSection };

export type ChecklistProfile = Pick<
  StudentProfile,
  | 'firstName'
  | 'lastName'
  | 'school'
  | 'program'
  | 'graduationYear'
  | 'phone'
  | 'resume'
  | 'githubUsername'
  | 'devpostUsername'
  | 'skills'
>;

const filled = (value: string | null | undefined) => (value?.trim() ?? '') !== '';

function isDone(profile: ChecklistProfile, key: ProfileChecklistKey): boolean {
  switch (key) {
    case 'name':
      return (
        filled(profile.firstName) && filled(profile.lastName) && profile.firstName!.trim().toLowerCase() !== 'user'
      );
    case 'resume':
      return profile.resume !== null;
    case 'github':
      return filled(profile.githubUsername);
    case 'devpost':
      return filled(profile.devpostUsername);
    case 'skills':
      return parseSkillsText(profile.skills ?? '').length > 0;
    default:
      return filled(profile[key]);
  }
}

/** Every item in a fixed order, done or not; `done` counts the filled ones. */
export function profileChecklist(profile: ChecklistProfile): { items: ChecklistItem[]; done: number; total: number } {
  const items = profileChecklistKeys.map((key) => ({
    key,
    done: isDone(profile, key),
    section: checklistSections[key],
  }));
  return { items, done: items.filter((item) => item.done).length, total: items.length };
}

/** Where an item is edited: the account page, its section opened and the field scrolled to ('/account#field-phone'). */
export function checklistHref(key: ProfileChecklistKey): string {
  return `/account#field-${key}`;
}

/** The checklist key an account-page address points at ('#field-phone' -> 'phone'), or null. */
export function checklistKeyOfHash(hash: string): ProfileChecklistKey | null {
  const key = hash.replace(/^#field-/, '');
  return (profileChecklistKeys as readonly string[]).includes(key) && hash.startsWith('#field-')
    ? (key as ProfileChecklistKey)
    : null;
}
