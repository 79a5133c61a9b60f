import { describe, expect, it } from 'vitest';
import { emptyResumeFields, type ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import { buildStudentProfile } from '../../../../shared/profile/student-profile-fixture.ts';
import { checkChosen, profileLacksDetails, proposalsFor, resumeOffer } from './autofill-proposals.ts';

const fields = (overrides: Partial<ResumeFields>): ResumeFields => ({ ...emptyResumeFields(), ...overrides });
const now = () => new Date('2026-11-27T08:00:00Z');

describe('autofill proposals', () => {
  it('ticks what fills an empty field, leaves an overwrite unticked, and skips what the profile already says', () => {
    const profile = buildStudentProfile({ school: 'McGill', program: null, phone: null, skills: 'TypeScript' });
    const proposals = proposalsFor(
      profile,
      fields({
        firstName: 'Ada',
        school: 'Polytechnique Montréal',
        program: 'Génie logiciel',
        phone: '+33 6 12 34 56 78',
        email: 'someone@else.org',
        devpostUsername: 'ada_l',
        skills: ['typescript', 'Rust'],
      }),
    );
    expect(proposals).toEqual([
      { field: 'phone', current: null, proposed: '+33 6 12 34 56 78', fillsEmpty: true },
      { field: 'school', current: 'McGill', proposed: 'Polytechnique Montréal', fillsEmpty: false },
      { field: 'program', current: null, proposed: 'Génie logiciel', fillsEmpty: true },
      { field: 'skills', current: 'TypeScript', proposed: 'TypeScript, Rust', fillsEmpty: false },
    ]);
  });

  it('sends only the chosen fields that pass the profile rules, and names what a rule refuses', () => {
    const profile = buildStudentProfile({ firstName: 'User', lastName: 'Lovelace' });
    const checked = checkChosen(
      profile,
      [
        { field: 'firstName', current: 'User', proposed: 'Ada', fillsEmpty: false },
        { field: 'phone', current: null, proposed: '555.0199', fillsEmpty: true },
        { field: 'graduationYear', current: null, proposed: '2027', fillsEmpty: true },
        { field: 'linkedinUrl', current: null, proposed: 'https://example.org/ada', fillsEmpty: true },
      ],
      now,
    );
    expect(checked.name).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(checked.update).toEqual({ graduationYear: '2027' });
    expect(checked.refused).toEqual({
      phone: 'Phone number can only contain digits, spaces, and +()-',
      linkedinUrl: 'LinkedIn URL must be in format: linkedin.com/in/username',
    });
  });

  it('refuses a chosen first name the rules refuse, and sends no name', () => {
    const checked = checkChosen(
      buildStudentProfile({ firstName: null, lastName: null }),
      [{ field: 'firstName', current: null, proposed: 'User', fillsEmpty: true }],
      now,
    );
    expect(checked.name).toBeNull();
    expect(checked.refused.firstName).toBe('Please enter your real name');
  });

  it('says a resume with nothing a resume always has is empty, and otherwise what it proposes', () => {
    const profile = buildStudentProfile({ phone: null, school: null });
    expect(resumeOffer(profile, fields({ program: 'Physics', graduationYear: '2026' }))).toBe('empty');
    expect(resumeOffer(profile, fields({ phone: '514-555-0142' }))).toEqual([
      { field: 'phone', current: null, proposed: '514-555-0142', fillsEmpty: true },
    ]);
    expect(resumeOffer(buildStudentProfile({ phone: '514-555-0142' }), fields({ phone: '514-555-0142' }))).toEqual([]);
  });

  it('finds a profile without any detail a resume fills, whatever its name and links', () => {
    const blank = { phone: null, school: null, program: null, graduationYear: null, skills: '' };
    expect(profileLacksDetails(buildStudentProfile({ ...blank, githubUsername: 'ada' }))).toBe(true);
    expect(profileLacksDetails(buildStudentProfile({ ...blank, phone: '  ' }))).toBe(true);
    for (const filled of [
      { phone: '514-555-0142' },
      { school: 'McGill' },
      { program: 'Physics' },
      { graduationYear: '2026' },
      { skills: 'Go' },
    ])
      expect(profileLacksDetails(buildStudentProfile({ ...blank, ...filled })), JSON.stringify(filled)).toBe(false);
  });
});
