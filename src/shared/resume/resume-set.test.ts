import { describe, expect, it } from 'vitest';
import { loadResumeSet, parseResumeFile } from '../../../tests/resume-set/resume-set.ts';
import { ResumeScorer } from './resume-score.ts';

// The labelled set (tests/fixtures/resumes, scripts/generate-resumes.mjs): a change that reads it worse fails here.
// The floors are the goals; `npm run bench:resume` prints the actual figures.
const floors = {
  name: 0.98,
  email: 0.98,
  phone: 0.98,
  school: 0.9,
  program: 0.9,
  graduationYear: 0.9,
  links: 0.95,
  skills: 0.85,
} as const;

describe('resume parser on the labelled set', () => {
  it(
    'holds every field at or above its floor (precision and recall; F1 for skills)',
    { timeout: 120_000 },
    async () => {
      const resumes = loadResumeSet();
      expect(resumes.length).toBeGreaterThanOrEqual(40);
      expect(resumes.some((resume) => resume.layout !== 'one' && resume.language === 'fr')).toBe(true);
      const scorer = new ResumeScorer();
      for (const resume of resumes) scorer.add((await parseResumeFile(resume.bytes)).fields, resume.expected);
      const scores = scorer.scores();
      for (const [field, floor] of Object.entries(floors) as [keyof typeof floors, number][]) {
        const score = scores[field];
        if (field === 'skills') expect(score.f1, field).toBeGreaterThanOrEqual(floor);
        else {
          expect(score.precision, `${field} precision`).toBeGreaterThanOrEqual(floor);
          expect(score.recall, `${field} recall`).toBeGreaterThanOrEqual(floor);
        }
      }
    },
  );
});
