import { describe, expect, it } from 'vitest';
import { withPlaces } from './board-job-fixture.ts';
import { canSuggestJobs, jobsForYou, jobStage, programKeywords, stagesFor, type FitProfile } from './jobs-for-you.ts';
import type { BoardJob } from './listing-schemas.ts';

const now = Date.UTC(2026, 10, 25);
const day = 86_400;
const recent = now / 1000 - 3 * day;

function job(id: string, overrides: Partial<BoardJob> = {}): BoardJob {
  return withPlaces({
    id,
    title: `Job ${id}`,
    company: 'Acme',
    locations: ['Toronto, ON, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: recent,
    url: `https://jobs.example.com/${id}`,
    featured: false,
    type: 'internship',
    ...overrides,
  });
}

const student: FitProfile = { program: 'Computer Science', skills: 'React, Python', graduationYear: '2028' };
const options = { country: 'Canada', appliedJobIds: new Set<string>(), nowMs: now };

describe('jobs for you', () => {
  it("suggests listings in the student's field and stage, skills and country first, with the reasons", () => {
    const board = [
      job('react-us', { title: 'Frontend Intern (React)', locations: ['New York, NY'] }),
      job('react-ca', { title: 'React Developer Intern', locations: ['Montreal, QC, Canada'] }),
      job('swe-ca', { title: 'Software Engineer Intern' }),
      job('marketing', { title: 'Marketing Intern' }),
      job('new-grad', { title: 'Software Engineer, New Grad', type: 'new-grad' }),
    ];
    const picks = jobsForYou(board, student, options);
    expect(picks.map((pick) => pick.job.id)).toEqual(['react-ca', 'react-us', 'swe-ca']);
    expect(picks[0]!.reasons).toEqual({
      skills: ['React'],
      program: 'Computer Science',
      stage: { kind: 'internship', graduationYear: 2028 },
      country: 'Canada',
      family: null,
      terms: [],
      degree: null,
      noSponsorship: false,
    });
    expect(picks[1]!.reasons.country).toBeNull();
  });

  it('suggests a job posted in several cities once, by its best-placed posting', () => {
    const board = [
      job('react-us', { title: 'React Intern', locations: ['New York, NY'] }),
      job('react-ca', { title: 'React Intern', locations: ['Montreal, QC, Canada'] }),
      job('react-ca-again', { title: 'React Intern', locations: ['Toronto, ON, Canada'] }),
      job('python', { title: 'Python Intern', company: 'Globex' }),
    ];
    expect(jobsForYou(board, student, options).map((pick) => pick.job.id)).toEqual(['react-ca', 'python']);
  });

  it('leaves out applied jobs and listings that may be closed, and stops at 10', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      job(`swe-${i}`, { title: 'Software Developer Intern', company: `Company ${i}` }),
    );
    const old = job('old', { title: 'Software Developer Intern', datePosted: now / 1000 - 200 * day });
    const picks = jobsForYou([old, ...many], student, { ...options, appliedJobIds: new Set(['swe-0']) });
    expect(picks).toHaveLength(10);
    expect(picks.map((pick) => pick.job.id)).not.toContain('old');
    expect(picks.map((pick) => pick.job.id)).not.toContain('swe-0');
  });

  it('suggests nothing for an empty profile', () => {
    expect(
      jobsForYou(
        [job('a', { title: 'Software Intern' })],
        { program: null, skills: '', graduationYear: null },
        options,
      ),
    ).toEqual([]);
  });

  it("reads the stage from the graduation year and from a featured job's free-text type", () => {
    expect(stagesFor(2028, 2026)).toEqual(['internship']);
    expect(stagesFor(2027, 2026)).toEqual(['internship', 'newGrad']);
    expect(stagesFor(2026, 2026)).toEqual(['newGrad']);
    expect(jobStage({ featured: true, type: 'Internship', title: 'Backend' })).toBe('internship');
    expect(jobStage({ featured: true, type: 'Full-time', title: 'New Grad Engineer' })).toBe('newGrad');
    expect(jobStage({ featured: false, type: 'new-grad', title: 'x' })).toBe('newGrad');
  });

  it("finds a program's field words, without its filler words", () => {
    expect(programKeywords('Bachelor of Computer Science')).toEqual(
      expect.arrayContaining(['computer', 'software', 'developer']),
    );
    expect(programKeywords('Bachelor of Computer Science')).not.toContain('bachelor');
    expect(programKeywords('Statistics')).toEqual(expect.arrayContaining(['statistics', 'data']));
  });
});

describe('jobs for you, with what the student looks for', () => {
  const noTopic: FitProfile = { program: null, skills: '', graduationYear: null };

  it("raises listings in the student's families and terms, and says so", () => {
    const board = [
      job('hardware', { title: 'Embedded Intern', category: 'Hardware', terms: ['Summer 2027'] }),
      job('software-fall', { title: 'Backend Intern', category: 'Software', terms: ['Fall 2026'] }),
      job('software-summer', { title: 'Frontend Intern', category: 'Software', terms: ['Summer 2027'] }),
      job('quant', { title: 'Trader Intern', category: 'Quant', terms: ['Summer 2027'] }),
    ];
    const picks = jobsForYou(
      board,
      { ...noTopic, interests: ['software', 'hardware'], targetTerms: ['summer-2027'] },
      options,
    );
    expect(picks.map((pick) => pick.job.id)).toEqual(['hardware', 'software-summer', 'software-fall']);
    expect(picks[0]!.reasons).toMatchObject({ family: 'hardware', terms: ['summer-2027'] });
    expect(picks[2]!.reasons).toMatchObject({ family: 'software', terms: [] });
  });

  it('counts a family alongside the skills: a listing in a chosen family outranks one that only names a skill', () => {
    const board = [
      job('python-data', { title: 'Python Analyst Intern', category: 'Data Science' }),
      job('quant', { title: 'Quant Research Intern', category: 'Quant' }),
    ];
    const profile: FitProfile = { program: null, skills: 'Python', graduationYear: null, interests: ['quant'] };
    const picks = jobsForYou(board, profile, options);
    expect(picks.map((pick) => pick.job.id)).toEqual(['quant', 'python-data']);
    expect(picks[1]!.reasons.family).toBeNull();
  });

  it('with only target terms, suggests listings for one of the coming ones (a past one is not counted)', () => {
    const board = [
      job('winter', { title: 'Intern', terms: ['Winter 2027'] }),
      job('past', { title: 'Intern', terms: ['Summer 2026'] }),
      job('none', { title: 'Intern' }),
    ];
    const picks = jobsForYou(board, { ...noTopic, targetTerms: ['summer-2026', 'winter-2027'] }, options);
    expect(picks.map((pick) => pick.job.id)).toEqual(['winter']);
    expect(picks[0]!.reasons.terms).toEqual(['winter-2027']);
    expect(canSuggestJobs({ ...noTopic, targetTerms: ['winter-2027'] })).toBe(true);
    expect(canSuggestJobs({ ...noTopic, interests: ['software'] })).toBe(true);
    expect(canSuggestJobs({ ...noTopic, degreeLevel: 'master' })).toBe(false);
  });

  it("says a listing is open to the student's degree, and raises it", () => {
    const board = [
      job('bachelor-only', { title: 'Software Intern', category: 'Software', degrees: ["Bachelor's"] }),
      job('masters', {
        title: 'Software Intern',
        company: 'Globex',
        category: 'Software',
        degrees: ["Bachelor's", "Master's"],
      }),
    ];
    const picks = jobsForYou(board, { ...noTopic, interests: ['software'], degreeLevel: 'master' }, options);
    expect(picks.map((pick) => [pick.job.id, pick.reasons.degree])).toEqual([
      ['masters', 'master'],
      ['bachelor-only', null],
    ]);
  });

  it('keeps a featured job that does not sponsor for a student who needs sponsorship, lowered and marked', () => {
    const board = [
      job('no-visa', {
        title: 'Software Intern',
        category: 'Software',
        featured: true,
        type: 'Internship',
        sponsorship: 'no',
      }),
      job('visa', {
        title: 'Software Intern',
        category: 'Software',
        featured: true,
        type: 'Internship',
        sponsorship: 'yes',
      }),
      job('community', { title: 'Software Intern', category: 'Software', sponsorship: 'unknown' }),
    ];
    const needs: FitProfile = {
      ...noTopic,
      interests: ['software'],
      workAuthorization: { authorizedIn: [], needsSponsorship: 'future' },
    };
    const picks = jobsForYou(board, needs, options);
    expect(picks.map((pick) => [pick.job.id, pick.reasons.noSponsorship])).toEqual([
      ['visa', false],
      ['community', false],
      ['no-visa', true],
    ]);
    const free = jobsForYou(
      board,
      { ...needs, workAuthorization: { authorizedIn: ['CA'], needsSponsorship: 'no' } },
      options,
    );
    expect(free.map((pick) => [pick.job.id, pick.reasons.noSponsorship])).toEqual([
      ['no-visa', false],
      ['visa', false],
      ['community', false],
    ]);
  });

  it('favours the countries the student may work in over the browser country', () => {
    const board = [
      job('toronto', { title: 'Software Intern', category: 'Software', locations: ['Toronto, ON, Canada'] }),
      job('berlin', {
        title: 'Software Intern',
        company: 'Globex',
        category: 'Software',
        locations: ['Berlin, Germany'],
      }),
    ];
    const profile: FitProfile = {
      ...noTopic,
      interests: ['software'],
      workAuthorization: { authorizedIn: ['DE', 'FR'], needsSponsorship: 'no' },
    };
    const picks = jobsForYou(board, profile, options);
    expect(picks.map((pick) => [pick.job.id, pick.reasons.country])).toEqual([
      ['berlin', 'Germany'],
      ['toronto', null],
    ]);
  });
});
