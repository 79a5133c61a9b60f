import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import type { PublicJobView } from '../api/get-job-detail.ts';
import { deleteJobDetail, maxSavedJobDetails, readJobDetail, saveJobDetail } from './job-details-repository.ts';

function buildView(overrides: Partial<PublicJobView['job']> = {}): PublicJobView {
  return {
    job: {
      id: 'job-1',
      slug: 'backend-intern',
      title: 'Backend Intern',
      type: 'Internship',
      location: 'Montréal, QC, Canada',
      description: 'Build APIs.\nShip often.',
      requirements: 'TypeScript',
      postingDate: '2026-01-05',
      endPostingDate: null,
      ...overrides,
    },
    organization: { name: 'Fox Labs', logo: null },
  };
}

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`test-details-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('job details repository', () => {
  it('returns null for a job never opened', async () => {
    expect(await readJobDetail('nope', db)).toBeNull();
  });

  it('keeps an opened job under the id or slug of its URL, and refreshes it on the next save', async () => {
    await saveJobDetail('backend-intern', buildView(), 10, db);
    await saveJobDetail('backend-intern', buildView({ title: 'Backend Intern (2026)' }), 20, db);
    const saved = await readJobDetail('backend-intern', db);
    expect(saved).toMatchObject({ slug: 'backend-intern', savedAt: 20 });
    expect(saved?.view.job.title).toBe('Backend Intern (2026)');
  });

  it(`keeps only the ${maxSavedJobDetails} most recently opened jobs`, async () => {
    for (let i = 0; i < maxSavedJobDetails + 3; i += 1) {
      await saveJobDetail(`job-${i}`, buildView({ id: `job-${i}` }), 1000 + i, db);
    }
    expect(await db.jobDetails.count()).toBe(maxSavedJobDetails);
    expect(await readJobDetail('job-0', db)).toBeNull();
    expect(await readJobDetail('job-2', db)).toBeNull();
    expect(await readJobDetail('job-3', db)).not.toBeNull();
    expect(await readJobDetail(`job-${maxSavedJobDetails + 2}`, db)).not.toBeNull();
  });

  it('forgets a job on delete (the server said it is gone)', async () => {
    await saveJobDetail('backend-intern', buildView(), 10, db);
    await deleteJobDetail('backend-intern', db);
    expect(await readJobDetail('backend-intern', db)).toBeNull();
  });
});
