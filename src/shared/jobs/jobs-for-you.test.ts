import { describe, expect, it } from 'vitest';
import { withPlaces } from './board-job-fixture.ts';
import { jobsForYou, jobStage, programKeywords, stagesFor, type FitProfile } from './jobs-for-you.ts';
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
    });
    expect(picks[1]!.reasons.country).toBeNull();
  });

  it('leaves out applied jobs and listings that may be closed, and stops at 10', () => {
    const many = Array.from({ length: 14 }, (_, i) => job(`swe-${i}`, { title: 'Software Developer Intern' }));
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
