import {
  createProfileUpdateSchema,
  fieldErrors,
  profileNameSchema,
  type ProfileUpdateInput,
} from '../../../../shared/profile/profile-schema.ts';
import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import { maxSkills, parseSkillsText, skillsToText } from '../../../../shared/profile/skills.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

// What a read resume proposes for the profile, field by field, beside what the profile holds: the review sheet shows
// these rows. A row is ticked when the profile's field is empty and left unticked when it would replace a value.
// The e-mail is the sign-in account's and the Devpost username needs its own verification: neither is proposed.

export const proposedFields = [
  'firstName',
  'lastName',
  'phone',
  'school',
  'program',
  'graduationYear',
  'linkedinUrl',
  'portfolioUrl',
  'githubUsername',
  'skills',
] as const;
export type ProposedField = (typeof proposedFields)[number];

export type Proposal = {
  field: ProposedField;
  current: string | null;
  proposed: string;
  /** Ticked at first: the profile has nothing there. */
  fillsEmpty: boolean;
};

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function currentValue(profile: StudentProfile, field: ProposedField): string | null {
  const value = field === 'skills' ? profile.skills : profile[field];
  return value && value.trim() !== '' ? value : null;
}

/** The skills after the resume's are added to the profile's: nothing is removed, duplicates are not added. */
function mergedSkills(current: string | null, proposed: string[]): string | null {
  const skills = parseSkillsText(current ?? '');
  for (const skill of proposed) {
    if (skills.length >= maxSkills) break;
    if (!skills.some((existing) => same(existing, skill))) skills.push(skill);
  }
  const text = skillsToText(skills);
  return current !== null && same(text, current) ? null : text;
}

export function proposalsFor(profile: StudentProfile, fields: ResumeFields): Proposal[] {
  const proposals: Proposal[] = [];
  for (const field of proposedFields) {
    const current = currentValue(profile, field);
    const proposed = field === 'skills' ? mergedSkills(current, fields.skills) : fields[field];
    if (!proposed || proposed.trim() === '' || (current !== null && same(current, proposed))) continue;
    proposals.push({ field, current, proposed, fillsEmpty: current === null });
  }
  return proposals;
}

/**
 * What a read resume offers the profile: `empty` when nothing a resume always has could be read (a scan, an unusual
 * layout: say so rather than "nothing new"), else the proposals (none: the profile already says it all).
 */
export function resumeOffer(profile: StudentProfile, fields: ResumeFields): 'empty' | Proposal[] {
  if (!fields.email && !fields.firstName && !fields.phone && !fields.school && fields.skills.length === 0)
    return 'empty';
  return proposalsFor(profile, fields);
}

/**
 * A profile with none of the details a resume fills (phone, school, program, graduation year, skills): the apply
 * wizard then offers to fill it from the resume the student attaches.
 */
export function profileLacksDetails(profile: StudentProfile): boolean {
  const blank = (value: string | null) => !value || value.trim() === '';
  return (
    blank(profile.phone) &&
    blank(profile.school) &&
    blank(profile.program) &&
    blank(profile.graduationYear) &&
    parseSkillsText(profile.skills).length === 0
  );
}

export type CheckedProposals = {
  /** PATCH /api/profile/name, when a name was chosen: both names, the other one as the profile has it. */
  name: { firstName: string; lastName: string } | null;
  /** PATCH /api/profile/update: only the chosen fields. */
  update: ProfileUpdateInput;
  /** Chosen values the profile's rules refuse, with the rule's message: not sent. */
  refused: Partial<Record<ProposedField, string>>;
};

/** The chosen rows checked against the profile's own rules, split into what is sent and what is refused. */
export function checkChosen(
  profile: StudentProfile,
  chosen: Proposal[],
  now: () => Date = () => new Date(),
): CheckedProposals {
  const refused: CheckedProposals['refused'] = {};
  const update: Record<string, string> = {};
  const updateSchema = createProfileUpdateSchema({ now });
  for (const proposal of chosen) {
    if (proposal.field === 'firstName' || proposal.field === 'lastName') continue;
    const parsed = updateSchema.safeParse({ [proposal.field]: proposal.proposed });
    if (parsed.success) update[proposal.field] = proposal.proposed;
    else refused[proposal.field] = fieldErrors(parsed.error)[proposal.field] ?? parsed.error.issues[0]?.message ?? '';
  }
  let name: CheckedProposals['name'] = null;
  const firstName = chosen.find((proposal) => proposal.field === 'firstName')?.proposed;
  const lastName = chosen.find((proposal) => proposal.field === 'lastName')?.proposed;
  if (firstName !== undefined || lastName !== undefined) {
    const candidate = { firstName: firstName ?? profile.firstName ?? '', lastName: lastName ?? profile.lastName ?? '' };
    const parsed = profileNameSchema.safeParse(candidate);
    if (parsed.success) name = parsed.data;
    else {
      const errors = fieldErrors(parsed.error);
      if (firstName !== undefined && errors.firstName) refused.firstName = errors.firstName;
      if (lastName !== undefined && errors.lastName) refused.lastName = errors.lastName;
      // The name the profile holds is what fails: the chosen one alone cannot be saved.
      if (!refused.firstName && !refused.lastName) {
        const message = errors.firstName ?? errors.lastName ?? '';
        if (firstName !== undefined) refused.firstName = message;
        else refused.lastName = message;
      }
    }
  }
  return { name, update: update as ProfileUpdateInput, refused };
}
