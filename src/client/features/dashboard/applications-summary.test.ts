import { describe, expect, it } from 'vitest';
import { buildApplicationsSummary } from './applications-summary.ts';

const summary = (title: string) => ({
  title,
  organizationName: 'Acme',
  organizationLogo: null,
  type: 'Internship',
  location: null,
});

describe('applications summary from what the device knows', () => {
  it('lists outbox applications first (newest first), then the profile\u2019s, each once, titled from the board', () => {
    const board = new Map([
      ['job-1', { title: 'Backend Intern', company: 'Initech', featured: true }],
      ['job-2', { title: 'Data Intern', company: 'Globex', featured: true }],
    ]);
    const items = buildApplicationsSummary(
      ['job-1', 'job-2', 'job-9'],
      [
        {
          id: 'o-old',
          jobId: 'job-3',
          status: 'sent',
          createdAt: Date.UTC(2026, 0, 1),
          jobSummary: summary('Old role'),
        },
        {
          id: 'o-new',
          jobId: 'job-1',
          status: 'queued',
          createdAt: Date.UTC(2026, 0, 5),
          jobSummary: summary('Backend Intern'),
        },
        {
          id: 'o-bad',
          jobId: 'job-4',
          status: 'failed',
          createdAt: Date.UTC(2026, 0, 6),
          jobSummary: summary('Failed'),
        },
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

  it('takes each status from the server list when it was read, the outbox’s unsent ones first', () => {
    const server = [
      {
        applicationId: 'a-2',
        jobId: 'job-2',
        jobSlug: 'data-intern',
        jobTitle: 'Data Intern',
        company: 'Globex',
        status: 'interview' as const,
        statusChangedAt: '2026-02-01T00:00:00.000Z',
        appliedAt: '2026-01-03T00:00:00.000Z',
        featured: true,
        canWithdraw: true,
      },
      {
        applicationId: 'a-3',
        jobId: 'job-3',
        jobSlug: 'old-role',
        jobTitle: 'Old role',
        company: 'Acme',
        status: 'withdrawn' as const,
        statusChangedAt: '2026-01-04T00:00:00.000Z',
        appliedAt: '2026-01-01T00:00:00.000Z',
        featured: true,
        canWithdraw: false,
      },
    ];
    const items = buildApplicationsSummary(
      ['job-2', 'job-3', 'job-9'],
      [
        {
          id: 'o-sent',
          jobId: 'job-3',
          status: 'sent',
          createdAt: Date.UTC(2026, 0, 1),
          jobSummary: summary('Old role'),
        },
        {
          id: 'o-new',
          jobId: 'job-1',
          status: 'queued',
          createdAt: Date.UTC(2026, 0, 5),
          jobSummary: summary('Backend Intern'),
        },
      ],
      new Map(),
      server,
    );
    expect(items.map((item) => [item.jobId, item.status, item.sending])).toEqual([
      ['job-1', 'applied', true],
      ['job-2', 'interview', false],
      ['job-3', 'withdrawn', false],
    ]);
    expect(items[1]).toMatchObject({
      applicationId: 'a-2',
      statusChangedAt: '2026-02-01T00:00:00.000Z',
      company: 'Globex',
    });
  });
});
