import { describe, expect, it } from 'vitest';
import { withPlaces } from '../../../../shared/jobs/board-job-fixture.ts';
import { jobsForYou, type FitProfile } from '../../../../shared/jobs/jobs-for-you.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { jobsForYouInSlices } from './use-jobs-for-you.ts';

const now = Date.UTC(2026, 10, 25);
const titles = [
  'React Developer Intern',
  'Software Engineer Intern',
  'Python Data Intern',
  'Marketing Intern',
  'Frontend Intern (React)',
];
const places = ['Toronto, ON, Canada', 'New York, NY', 'Montreal, QC, Canada'];

function buildJob(i: number): BoardJob {
  return withPlaces({
    id: `job-${i}`,
    title: titles[i % titles.length]!,
    // Companies repeat every 97 jobs: some postings share a card (same company and title) within and across slices.
    company: `Company ${i % 97}`,
    locations: [places[i % places.length]!],
    category: i % 4 === 0 ? 'Software' : null,
    terms: [],
    degrees: [],
    datePosted: now / 1000 - (i % 20) * 86_400,
    url: `https://jobs.example.com/${i}`,
    featured: false,
    type: i % 6 === 0 ? 'new-grad' : 'internship',
  });
}

// Several slices (2,000 jobs each), many equal scores: the order between slices is what could go wrong.
const board = Array.from({ length: 4500 }, (_, i) => buildJob(i));
const student: FitProfile = { program: 'Computer Science', skills: 'React, Python', graduationYear: '2028' };
const options = { country: 'Canada', appliedJobIds: new Set(['job-0', 'job-2001']), nowMs: now };

describe('jobsForYouInSlices', () => {
  it('picks the same ten jobs, in the same order, as one pass over the board', async () => {
    const expected = jobsForYou(board, student, options);
    expect(expected).toHaveLength(10);
    expect(await jobsForYouInSlices(board, student, options)).toEqual(expected);
  });

  it('keeps a limit other than ten', async () => {
    const picks = await jobsForYouInSlices(board, student, { ...options, limit: 25 });
    expect(picks?.map((pick) => pick.job.id)).toEqual(
      jobsForYou(board, student, { ...options, limit: 25 }).map((pick) => pick.job.id),
    );
  });

  it('gives up with null once cancelled', async () => {
    expect(await jobsForYouInSlices(board, student, options, () => true)).toBeNull();
  });
});
