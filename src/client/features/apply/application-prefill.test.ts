import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import { buildStudentProfile } from '../../../shared/profile/student-profile-fixture.ts';
import {
  blankAnswersFromProfile,
  emptyAnswers,
  initialWizardState,
  isDevpostVerified,
  profileSaveBack,
} from './application-prefill.ts';
import type { ApplicationDraftRecord } from '../../db/records/apply-records.ts';

const profile: StudentProfile = buildStudentProfile({
  id: 'user-1',
  studentId: 1,
  phone: '+1 514 555 0100',
  school: 'McGill University',
  program: 'Computer Science',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  portfolioUrl: 'https://ada.example.com',
  devpostUsername: 'ada-dev',
  githubUsername: 'ada',
  skills: '',
});

describe('apply form prefill', () => {
  it('prefills every profile field, names included: school to university, program to major, the e-mail fixed', () => {
    const state = initialWizardState({ profile, email: 'ada@students.example.edu', applicant: null, draft: null });
    expect(state.answers).toEqual({
      ...emptyAnswers,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@students.example.edu',
      phone: '+1 514 555 0100',
      university: 'McGill University',
      major: 'Computer Science',
      graduationYear: '2027',
      githubUsername: 'ada',
      devpostUsername: 'ada-dev',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      portfolioUrl: 'https://ada.example.com',
    });
    expect(state.step).toBe(0);
    expect(state.devpost).toEqual({ username: 'ada-dev', profile: null });
  });

  it('prefers the invitation’s names over the profile’s in private mode', () => {
    const invited = initialWizardState({
      profile,
      email: 'ada@students.example.edu',
      applicant: { firstName: 'Augusta', lastName: 'King' },
      draft: null,
    });
    expect(invited.answers).toMatchObject({ firstName: 'Augusta', lastName: 'King', university: 'McGill University' });
  });

  it('preselects the profile resume, and never prefills the placeholder name "User"', () => {
    const resume = {
      id: 'r1',
      name: 'CV.pdf',
      url: '/profile/resume',
      size: 10,
      uploadedAt: { _seconds: 1, _nanoseconds: 0 },
    };
    const state = initialWizardState({
      profile: { ...profile, resume, firstName: 'User' },
      email: 'a@b.c',
      applicant: null,
      draft: null,
    });
    expect(state.resumeChoice).toEqual({ kind: 'saved', resume: { id: 'r1', url: '/profile/resume' }, name: 'CV.pdf' });
    expect(state.answers.firstName).toBe('');
  });

  it('prefills the names of a private applicant from the invitation', () => {
    const state = initialWizardState({
      profile: null,
      email: 'grace@students.example.edu',
      applicant: { firstName: 'Grace', lastName: 'Hopper' },
      draft: null,
    });
    expect(state.answers).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@students.example.edu',
      university: '',
    });
    expect(state.devpost).toBeNull();
  });

  it('restores a draft over the prefill, but never its e-mail, and clamps the step', () => {
    const draft: ApplicationDraftRecord = {
      key: 'user-1:job-1',
      uid: 'user-1',
      jobId: 'job-1',
      step: 9,
      answers: { ...emptyAnswers, firstName: 'Typed', university: 'Concordia', email: 'old@example.com' },
      resumeChoice: { kind: 'saved', resume: { id: 'r1', url: '/profile/resume' }, name: 'CV.pdf' },
      devpost: null,
      updatedAt: 1,
    };
    const withResume = {
      ...profile,
      resume: {
        id: 'r1',
        name: 'CV.pdf',
        url: '/profile/resume',
        size: 10,
        uploadedAt: { _seconds: 1, _nanoseconds: 0 },
      },
    };
    const state = initialWizardState({
      profile: withResume,
      email: 'ada@students.example.edu',
      applicant: null,
      draft,
    });
    expect(state.answers).toMatchObject({
      firstName: 'Typed',
      university: 'Concordia',
      email: 'ada@students.example.edu',
    });
    expect(state.step).toBe(4);
    expect(state.resumeChoice).toEqual(draft.resumeChoice);
    expect(state.devpost).toEqual({ username: 'ada-dev', profile: null });
  });

  it('accepts an empty Devpost username or the verified one (any case), nothing else', () => {
    expect(isDevpostVerified('  ', null)).toBe(true);
    expect(isDevpostVerified('ada-dev', null)).toBe(false);
    expect(isDevpostVerified('Ada-Dev ', { username: 'ada-dev', profile: null })).toBe(true);
    expect(isDevpostVerified('someone', { username: 'ada-dev', profile: null })).toBe(false);
  });

  it('keeps the profile resume choice pointing at the profile current resume, or drops it when there is none', () => {
    const draft: ApplicationDraftRecord = {
      key: 'user-1:job-1',
      uid: 'user-1',
      jobId: 'job-1',
      step: 3,
      answers: emptyAnswers,
      resumeChoice: { kind: 'saved', resume: { id: 'old', url: '/profile/resume' }, name: 'Old.pdf' },
      devpost: null,
      updatedAt: 1,
    };
    const resume = {
      id: 'new',
      name: 'New.pdf',
      url: '/profile/resume',
      size: 10,
      uploadedAt: { _seconds: 1, _nanoseconds: 0 },
    };
    const replaced = initialWizardState({ profile: { ...profile, resume }, email: 'a@b.c', applicant: null, draft });
    expect(replaced.resumeChoice).toEqual({
      kind: 'saved',
      resume: { id: 'new', url: '/profile/resume' },
      name: 'New.pdf',
    });
    expect(initialWizardState({ profile, email: 'a@b.c', applicant: null, draft }).resumeChoice).toBeNull();
    expect(initialWizardState({ profile: null, email: 'a@b.c', applicant: null, draft }).resumeChoice).toEqual(
      draft.resumeChoice,
    );
  });

  it('saves back only what changed and the profile accepts, and the name unless invited', () => {
    const answers = {
      ...emptyAnswers,
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada@students.example.edu',
      phone: '+1 514 555 0100',
      university: 'Concordia University',
      major: '',
      graduationYear: '2027',
      githubUsername: 'not a username!',
      linkedinUrl: 'https://www.linkedin.com/in/ada-byron',
    };
    const back = profileSaveBack(answers, profile, false, () => new Date('2026-11-25'));
    expect(back.update).toEqual({
      school: 'Concordia University',
      linkedinUrl: 'https://www.linkedin.com/in/ada-byron',
    });
    expect(back.name).toEqual({ firstName: 'Ada', lastName: 'Byron' });
    expect(profileSaveBack(answers, profile, true).name).toBeNull();
    const same = {
      ...answers,
      lastName: 'Lovelace',
      university: 'McGill University',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      githubUsername: 'ada',
    };
    expect(profileSaveBack(same, profile, false)).toEqual({ update: null, name: null });
  });

  it('fills only the blank answers from a profile filled during the wizard, never the names of an invitation', () => {
    const typed = {
      ...emptyAnswers,
      firstName: 'Ada',
      lastName: '',
      email: 'ada@students.example.edu',
      phone: '+44 20 7946 0000',
      university: '',
      major: '  ',
    };
    expect(blankAnswersFromProfile(typed, profile, false)).toEqual({
      lastName: 'Lovelace',
      university: 'McGill University',
      major: 'Computer Science',
      graduationYear: '2027',
      githubUsername: 'ada',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      portfolioUrl: 'https://ada.example.com',
    });
    const invited = blankAnswersFromProfile({ ...typed, firstName: '' }, profile, true);
    expect(invited.firstName).toBeUndefined();
    expect(invited.lastName).toBeUndefined();
    expect(invited.university).toBe('McGill University');
    // The placeholder name is never a value to fill.
    expect(blankAnswersFromProfile(emptyAnswers, { ...profile, firstName: 'User' }, false).firstName).toBeUndefined();
  });
});
