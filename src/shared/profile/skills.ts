import { textPolicyProblem } from '../schemas/text-policy.ts';
import { profileMessages } from './profile-messages.ts';

// Spec sections 3, 5 and 9: skills are a comma-separated text of at most 15 entries, each 1-50 characters,
// without case-insensitive duplicates. The API answers the text (spec) and accepts the text or a list.

export const maxSkills = 15;
export const maxSkillLength = 50;

/** 'TypeScript, React,,  SQL ' -> ['TypeScript', 'React', 'SQL']: empty pieces (stray commas) are dropped. */
export function parseSkillsText(text: string): string[] {
  return text
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill.length > 0);
}

/** ['TypeScript', 'React'] -> 'TypeScript, React' (the spec's comma-separated form). */
export function skillsToText(skills: readonly string[]): string {
  return skills.join(', ');
}

/** The message for one entry on its own (empty, too long, comma), or null when the entry is fine. */
export function skillEntryError(skill: string): string | null {
  const trimmed = skill.trim();
  const policyProblem = textPolicyProblem(trimmed);
  if (policyProblem) return policyProblem;
  if (trimmed.length === 0) return profileMessages.skillEmpty;
  if (trimmed.length > maxSkillLength) return profileMessages.skillTooLong;
  // A comma would split the skill in two in the comma-separated form.
  if (trimmed.includes(',')) return profileMessages.skillComma;
  return null;
}

/** The first rule a whole list breaks, or null. Entries are expected trimmed. */
export function skillListError(skills: readonly string[]): string | null {
  for (const skill of skills) {
    const error = skillEntryError(skill);
    if (error) return error;
  }
  const seen = new Set<string>();
  for (const skill of skills) {
    const key = skill.trim().toLowerCase();
    if (seen.has(key)) return profileMessages.skillDuplicate;
    seen.add(key);
  }
  if (skills.length > maxSkills) return profileMessages.skillsMax;
  return null;
}

/** The skills editor's check when the person presses Enter: the message to show, or null to add the skill. */
export function newSkillError(existing: readonly string[], candidate: string): string | null {
  const entryError = skillEntryError(candidate);
  if (entryError) return entryError;
  const key = candidate.trim().toLowerCase();
  if (existing.some((skill) => skill.trim().toLowerCase() === key)) return profileMessages.skillDuplicate;
  if (existing.length >= maxSkills) return profileMessages.skillsMax;
  return null;
}
