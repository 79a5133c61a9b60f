import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import { buildStudentProfile } from '../../../shared/profile/student-profile-fixture.ts';
import {
  changedFields,
  fieldErrorMessage,
  formValuesFromProfile,
  githubProfileStillNamed,
  isDevpostVerified,
  shouldDisconnectGithub,
  valuesAfterSave,
} from './profile-form.ts';

function buildProfile(overrides: Partial<StudentProfile> = {}): StudentProfile {
  return buildStudentProfile({ devpostUsername: 'ada_dev', githubUsername: 'ada', ...overrides });
}

describe('formValuesFromProfile', () => {
  it('turns empty fields into empty texts and the comma-separated skills into a list', () => {
    expect(formValuesFromProfile(buildProfile())).toEqual({
      phone: '',
      school: 'McGill',
      program: '',
      graduationYear: '2027',
      linkedinUrl: '',
      portfolioUrl: '',
      devpostUsername: 'ada_dev',
      githubUsername: 'ada',
      skills: ['TypeScript', 'React'],
      degreeLevel: '',
      targetTerms: [],
      interests: [],
      workAuthorization: { authorizedIn: [], needsSponsorship: '' },
    });
  });

  it('holds the saved job preferences, and a copy kept before they existed as nothing chosen', () => {
    const values = formValuesFromProfile(
      buildProfile({
        degreeLevel: 'master',
        targetTerms: ['summer-2027'],
        interests: ['software', 'quant'],
        workAuthorization: { authorizedIn: ['CA'], needsSponsorship: 'future' },
      }),
    );
    expect(values).toMatchObject({
      degreeLevel: 'master',
      targetTerms: ['summer-2027'],
      interests: ['software', 'quant'],
      workAuthorization: { authorizedIn: ['CA'], needsSponsorship: 'future' },
    });
    const { degreeLevel: _d, targetTerms: _t, interests: _i, workAuthorization: _w, ...older } = buildProfile();
    expect(formValuesFromProfile(older as StudentProfile)).toMatchObject({
      degreeLevel: '',
      targetTerms: [],
      interests: [],
      workAuthorization: { authorizedIn: [], needsSponsorship: '' },
    });
  });
});

describe('valuesAfterSave (a save answered while the student edits again)', () => {
  const before = formValuesFromProfile(buildProfile());
  const sent = { ...before, phone: ' 5551234567 ' };
  const answer = buildProfile({ phone: '5551234567' });

  it('takes the saved values when nothing was typed since the values were sent', () => {
    expect(valuesAfterSave(answer, sent, { ...sent })).toEqual(formValuesFromProfile(answer));
  });

  it('keeps what was typed since in a text field and in the skills, over the saved values', () => {
    const current = { ...sent, program: 'Physics', skills: ['TypeScript'] };
    expect(valuesAfterSave(answer, sent, current)).toEqual({
      ...formValuesFromProfile(answer),
      program: 'Physics',
      skills: ['TypeScript'],
    });
  });

  it('keeps preferences changed since the values were sent, and takes the saved ones otherwise', () => {
    const withTerms = buildProfile({ targetTerms: ['fall-2027'], interests: ['software'] });
    const sentTerms = { ...formValuesFromProfile(withTerms), targetTerms: ['fall-2027', 'summer-2027'] };
    const current = { ...sentTerms, interests: ['software', 'hardware'] };
    const saved = buildProfile({ targetTerms: ['summer-2027', 'fall-2027'], interests: ['software'] });
    expect(valuesAfterSave(saved, sentTerms, current)).toMatchObject({
      targetTerms: ['summer-2027', 'fall-2027'],
      interests: ['software', 'hardware'],
    });
  });

  it('keeps a sent field typed in again, as typed', () => {
    expect(valuesAfterSave(answer, sent, { ...sent, phone: '555123456' }).phone).toBe('555123456');
  });
});

describe('changedFields (the Save/Cancel bar)', () => {
  const saved = formValuesFromProfile(buildProfile());

  it('is empty when nothing differs, so the bar stays hidden', () => {
    expect(changedFields({ ...saved, skills: [...saved.skills] }, saved)).toEqual([]);
  });

  it('ignores surrounding spaces, which the save trims anyway', () => {
    expect(changedFields({ ...saved, school: '  McGill ' }, saved)).toEqual([]);
  });

  it('lists each changed field in form order', () => {
    expect(changedFields({ ...saved, githubUsername: 'grace', phone: '5551234567' }, saved)).toEqual([
      'phone',
      'githubUsername',
    ]);
  });

  it('sees an emptied field, an added, a removed and a reordered skill', () => {
    expect(changedFields({ ...saved, school: '' }, saved)).toEqual(['school']);
    expect(changedFields({ ...saved, skills: [...saved.skills, 'SQL'] }, saved)).toEqual(['skills']);
    expect(changedFields({ ...saved, skills: ['TypeScript'] }, saved)).toEqual(['skills']);
    expect(changedFields({ ...saved, skills: ['React', 'TypeScript'] }, saved)).toEqual(['skills']);
  });

  it('sees chosen preferences as sets: another order is no change, an added or removed one is', () => {
    const chosen = formValuesFromProfile(
      buildProfile({
        targetTerms: ['summer-2027', 'fall-2027'],
        interests: ['software'],
        workAuthorization: { authorizedIn: ['CA', 'US'], needsSponsorship: 'no' },
      }),
    );
    expect(
      changedFields(
        {
          ...chosen,
          targetTerms: ['fall-2027', 'summer-2027'],
          workAuthorization: { authorizedIn: ['US', 'CA'], needsSponsorship: 'no' },
        },
        chosen,
      ),
    ).toEqual([]);
    expect(
      changedFields(
        {
          ...chosen,
          degreeLevel: 'phd',
          interests: [],
          workAuthorization: { authorizedIn: ['CA', 'US'], needsSponsorship: 'now' },
        },
        chosen,
      ),
    ).toEqual(['degreeLevel', 'interests', 'workAuthorization']);
    expect(changedFields({ ...chosen, targetTerms: ['fall-2027'] }, chosen)).toEqual(['targetTerms']);
  });

  it('is empty again once an edit is reverted by hand', () => {
    const edited = { ...saved, program: 'Physics' };
    expect(changedFields(edited, saved)).toEqual(['program']);
    expect(changedFields({ ...edited, program: '' }, saved)).toEqual([]);
  });
});

describe('fieldErrorMessage', () => {
  it('finds the message of a field, of a list entry and of an object part', () => {
    expect(fieldErrorMessage({ type: 'server', message: 'Bad' })).toBe('Bad');
    expect(fieldErrorMessage([undefined, { message: 'Choose terms such as summer-2026' }])).toBe(
      'Choose terms such as summer-2026',
    );
    expect(fieldErrorMessage({ needsSponsorship: { message: 'Say whether you need visa sponsorship' } })).toBe(
      'Say whether you need visa sponsorship',
    );
    expect(fieldErrorMessage(undefined)).toBeUndefined();
  });
});

describe('GitHub disconnection on save', () => {
  it('disconnects when the connected username is emptied or changed', () => {
    expect(shouldDisconnectGithub('', 'ada')).toBe(true);
    expect(shouldDisconnectGithub('grace', 'ada')).toBe(true);
  });

  it('keeps the connection when the username still names it (any case) or nothing is connected', () => {
    expect(shouldDisconnectGithub('ada', 'ada')).toBe(false);
    expect(shouldDisconnectGithub(' ADA ', 'ada')).toBe(false);
    expect(shouldDisconnectGithub('grace', null)).toBe(false);
  });

  it('hides the connected profile while the username names someone else', () => {
    expect(githubProfileStillNamed('ada', 'ada')).toBe(true);
    expect(githubProfileStillNamed('ad', 'ada')).toBe(false);
    expect(githubProfileStillNamed('ada', null)).toBe(false);
  });
});

describe('Devpost verification before saving', () => {
  it('needs nothing for an empty username', () => {
    expect(isDevpostVerified('  ', 'ada_dev', null)).toBe(true);
  });

  it('accepts the saved username (verified when it was saved) in any case', () => {
    expect(isDevpostVerified('ADA_DEV', 'ada_dev', null)).toBe(true);
  });

  it('refuses a new username until it is verified', () => {
    expect(isDevpostVerified('jane_doe', 'ada_dev', null)).toBe(false);
    expect(isDevpostVerified('jane_doe', 'ada_dev', 'jane_doe')).toBe(true);
    expect(isDevpostVerified('jane_doe2', null, 'jane_doe')).toBe(false);
  });
});
