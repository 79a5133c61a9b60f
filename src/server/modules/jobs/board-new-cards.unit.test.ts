import { describe, expect, it } from 'vitest';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';
import { indexJobs } from '../../../shared/jobs/filter-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { createBoardView } from './board-index.service.ts';

// BoardView.newCards: the cards that entered the board after a time and match, newest first (what alerts count and
// digests send), by the board's own rule.

const day = 86_400_000;
const now = Date.UTC(2026, 10, 27, 12);

function job(id: string, overrides: Partial<BoardJob> = {}): BoardJob {
  return withPlaces({
    id,
    title: `${id} Intern`,
    company: `${id} Co`,
    locations: ['Toronto, ON, Canada'],
    category: 'Software',
    terms: ['Summer 2026'],
    degrees: [],
    datePosted: (now - 10 * day) / 1000,
    url: `https://jobs.example/${id}`,
    featured: false,
    type: 'internship',
    ...overrides,
  });
}

/** A view over `entries` (job, entered days before now). */
function viewOf(entries: [BoardJob, number][]) {
  const enteredOf = new Map(entries.map(([board, daysAgo]) => [board, now - daysAgo * day]));
  const indexed = indexJobs(entries.map(([board]) => board));
  const enteredAt = Float64Array.from(indexed, (entry) => enteredOf.get(entry.job)!);
  return createBoardView('v1', new Date(now), indexed, 10, () => now, enteredAt);
}

describe('BoardView.newCards', () => {
  const old = job('Old', { datePosted: (now - 40 * day) / 1000 });
  const oldElsewhere = job('Old', { id: 'Old-2', locations: ['Ottawa, ON, Canada'] });
  const a = job('Alpha');
  const b = job('Beta', { category: 'Hardware Engineering' });
  const c = job('Gamma');
  const cElsewhere = job('Gamma', { id: 'Gamma-2', locations: ['Montreal, QC, Canada'] });
  const d = job('Delta', { datePosted: (now - 2 * day) / 1000 });
  const view = viewOf([
    [old, 30],
    [oldElsewhere, 1],
    [a, 3],
    [b, 2],
    [c, 1],
    [cElsewhere, 1],
    [d, 0.5],
  ]);

  it('lists the cards new since the time, newest first, a card once with its other postings', () => {
    const result = view.newCards({ type: 'all' }, now - 7 * day);
    expect(result.total).toBe(4);
    expect(result.cards.map((card) => card.job.id)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    expect(result.cards[1]!.job.alsoPosted?.map((posting) => posting.id)).toEqual(['Gamma-2']);
    expect(result.cards[0]!.enteredAt).toBe(now - 0.5 * day);
  });

  it('leaves out a card already on the board before the time, even when it gained a posting since', () => {
    const companies = (since: number) => view.newCards({ type: 'all' }, since).cards.map((card) => card.job.company);
    expect(companies(now - 7 * day)).not.toContain('Old Co');
    expect(companies(now - 60 * day)).toEqual(['Delta Co', 'Gamma Co', 'Beta Co', 'Alpha Co', 'Old Co']);
  });

  it('applies the filters, the posted window and the excluded jobs, and counts all while listing `limit`', () => {
    expect(view.newCards({ type: 'all', category: ['software'] }, now - 7 * day).total).toBe(3);
    expect(view.newCards({ type: 'all', q: 'gamma' }, now - 7 * day).cards.map((card) => card.job.id)).toEqual([
      'Gamma',
    ]);
    expect(view.newCards({ type: 'all', posted: '7d' }, now - 60 * day).total).toBe(1);
    expect(view.newCards({ type: 'featured' }, now - 7 * day).total).toBe(0);
    const excluded = view.newCards({ type: 'all' }, now - 7 * day, { excludeJobIds: new Set(['Delta', 'Gamma']) });
    // Gamma's other posting still makes the card.
    expect(excluded.cards.map((card) => [card.job.id, card.job.alsoPosted])).toEqual([
      ['Gamma-2', undefined],
      ['Beta', undefined],
      ['Alpha', undefined],
    ]);
    const limited = view.newCards({ type: 'all' }, now - 7 * day, { limit: 2 });
    expect(limited).toMatchObject({ total: 4 });
    expect(limited.cards).toHaveLength(2);
    expect(view.newCards({ type: 'all' }, now).total).toBe(0);
  });
});
