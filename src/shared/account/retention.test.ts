import { describe, expect, it } from 'vitest';
import { applicationDataRemovalAt, jobEndedAt } from './retention.ts';

const day = 86_400_000;
const now = Date.parse('2027-06-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('when a job ended, for the retention period', () => {
  it('is its closing time, or its deadline once passed, whichever came first; null while open', () => {
    const cases: [Parameters<typeof jobEndedAt>[0], string | null][] = [
      [{ status: 'published', closedAt: null, endPostingDate: null }, null],
      [{ status: 'published', closedAt: null, endPostingDate: at('2027-07-01T00:00:00Z') }, null],
      [{ status: 'published', closedAt: null, endPostingDate: at('2027-05-01T00:00:00Z') }, '2027-05-01T00:00:00Z'],
      [{ status: 'closed', closedAt: at('2027-02-01T00:00:00Z'), endPostingDate: null }, '2027-02-01T00:00:00Z'],
      [
        { status: 'closed', closedAt: at('2027-04-01T00:00:00Z'), endPostingDate: at('2027-03-01T00:00:00Z') },
        '2027-03-01T00:00:00Z',
      ],
      // Reopened: the closing time is cleared; a stale one on a published job does not count.
      [{ status: 'published', closedAt: at('2027-02-01T00:00:00Z'), endPostingDate: null }, null],
      [{ status: 'draft', closedAt: null, endPostingDate: null }, null],
    ];
    for (const [job, ended] of cases)
      expect(jobEndedAt(job, now), JSON.stringify(job)).toBe(ended && Date.parse(ended));
  });

  it('puts the removal that many days later', () => {
    const job = { status: 'closed', closedAt: at('2027-02-01T00:00:00Z'), endPostingDate: null };
    expect(applicationDataRemovalAt(job, 365, now)?.getTime()).toBe(Date.parse('2027-02-01T00:00:00Z') + 365 * day);
    expect(applicationDataRemovalAt({ ...job, status: 'published', closedAt: null }, 365, now)).toBeNull();
  });
});
