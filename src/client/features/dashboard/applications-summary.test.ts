import { describe, expect, it } from 'vitest';
import { buildApplicationsSummary } from './applications-summary.ts';

const summary = (title: string) => ({ title, organizationName: 'Acme', organizationLogo: null, type: 'Internship', location: null });

describe('applications summary from what the device knows', () => {
  it('lists outbox applications first (newest first), then the profile\u2019s, each once, titled from the board', () => {
    const board = new Map([
      ['job-1', { title: 'Backend Intern', company: 'Initech', featured: true }],
      ['job-2', { title: 'Data Intern', company: 'Globex', featured: true }],
    ]);
    const items = buildApplicationsSummary(
      ['job-1', 'job-2', 'job-9'],
      [
        { id: 'o-old', jobId: 'job-3', status: 'sent', createdAt: Date.UTC(2026, 0, 1), jobSummary: summary('Old role') },
        { id: 'o-new', jobId: 'job-1', status: 'queued', createdAt: Date.UTC(2026, 0, 5), jobSummary: summary('Backend Intern') },
        { id: 'o-bad', jobId: 'job-4', status: 'failed', createdAt: Date.UTC(2026, 0, 6), jobSummary: summary('Failed') },
      ],
      board,
    );
    expect(items.map((item) => [item.jobId, item.jobTitle, item.sending])).toEqual([
      ['job-1', 'Backend Intern', true],
      ['job-3', 'Old role', false],
      ['job-2', 'Data Intern', false],
      ['job-9', null, false],
    ]);
    expect(items.every((item) => item.status === 'applied')).toBe(true);
    expect(items[0]).toMatchObject({ applicationId: 'o-new', appliedAt: '2026-01-05T00:00:00.000Z', company: 'Acme' });
    expect(items[2]).toMatchObject({ company: 'Globex', appliedAt: null, statusChangedAt: null });
  });

  it('is empty when nothing was applied to', () => {
    expect(buildApplicationsSummary([], [], new Map())).toEqual([]);
  });
});
