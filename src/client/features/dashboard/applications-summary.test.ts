import { describe, expect, it } from 'vitest';
import { summarizeApplications } from '../../../shared/tracked-applications/tracked-summary.ts';
import {
  type ApplicationSummary,
  buildApplicationsSummary,
  countedApplications,
  dashboardLines,
  type TrackedLine,
} from './applications-summary.ts';

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
        viewedAt: null,
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
        viewedAt: null,
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

describe('the dashboard’s one list and numbers, with tracked applications', () => {
  const app = (id: string, appliedAt: string | null, status: ApplicationSummary['status'], sending = false) => ({
    applicationId: id,
    jobId: `job-${id}`,
    jobTitle: `Role ${id}`,
    company: 'Acme',
    status,
    statusChangedAt: appliedAt,
    appliedAt,
    featured: true,
    sending,
  });
  const tracked = (id: string, appliedAt: string, stages: TrackedLine['stage'][]): TrackedLine => ({
    id,
    title: `Tracked ${id}`,
    company: 'Globex',
    stage: stages.at(-1)!,
    appliedAt,
    history: stages.map((stage) => ({ stage, at: appliedAt, note: null })),
  });

  it('lists both kinds most recently applied first, the ones still sending on top, undated in-app ones last', () => {
    const lines = dashboardLines(
      [
        app('a', '2026-11-10T10:00:00Z', 'interview'),
        app('b', null, 'applied'),
        app('c', null, 'applied', true),
        app('d', '2026-11-20T10:00:00Z', 'applied'),
      ],
      [
        tracked('t1', '2026-11-15T10:00:00Z', ['applied', 'interview']),
        tracked('t2', '2026-11-25T10:00:00Z', ['applied']),
      ],
    );
    expect(lines.map((line) => (line.kind === 'app' ? line.item.applicationId : line.application.id))).toEqual([
      'c',
      't2',
      'd',
      't1',
      'a',
      'b',
    ]);
  });

  it('counts what My Applications counts: each application once, with the stages and statuses it reached', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const counted = countedApplications(
      [
        app('a', '2026-11-10T10:00:00Z', 'interview'),
        app('b', null, 'applied', true),
        app('c', '2026-11-11T10:00:00Z', 'rejected'),
      ],
      [
        tracked('t1', '2026-11-15T10:00:00Z', ['applied', 'assessment', 'interview', 'offer']),
        tracked('t2', '2026-11-16T10:00:00Z', ['applied']),
      ],
      now,
    );
    expect(counted).toHaveLength(5);
    const numbers = summarizeApplications(counted, now);
    expect(numbers.total).toBe(5);
    // Answered: a (interview), c (rejected), t1 (assessment...): 3 of 5.
    expect(numbers.responseRate).toBeCloseTo(3 / 5);
    expect(numbers.interviews).toBe(2);
    expect(numbers.offers).toBe(1);
    // The one still sending counts in this week.
    expect(numbers.perWeek.at(-1)?.count).toBe(1);
  });
});
