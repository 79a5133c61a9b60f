import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPlaces } from './board-job-fixture.ts';
import { type BoardJob, parseExternalFeed } from './listing-schemas.ts';
import { indexJobs } from './filter-jobs.ts';
import { cardRuns, cardsOf, postingGroupKey, postingsOf } from './posting-groups.ts';

function posting(overrides: Partial<BoardJob> & Pick<BoardJob, 'id'>): BoardJob {
  return withPlaces({
    title: 'Entry Level C++ Software Engineer',
    company: 'Wolverine Trading',
    locations: ['Chicago, IL'],
    category: 'Software',
    terms: [],
    degrees: [],
    datePosted: 1_760_000_000,
    url: `https://jobs.example.com/${overrides.id}`,
    featured: false,
    type: 'new-grad',
    ...overrides,
  });
}

// [first posting, second posting, one card?]: pairs seen in the feeds (2026-11) and the cases the rule must keep apart.
const pairs: [string, Partial<BoardJob>, Partial<BoardJob>, boolean][] = [
  ['the same role posted twice (two links, one city)', {}, { url: 'https://jobs.example.com/again' }, true],
  ['the same role in another city', { locations: ['Chicago, IL'] }, { locations: ['New York, NY'] }, true],
  ['a title differing only in case and spacing', {}, { title: '  entry level c++  software engineer ' }, true],
  ['a company differing only in case', {}, { company: 'WOLVERINE TRADING' }, true],
  ['another title', {}, { title: 'Entry Level Python Software Engineer' }, false],
  ['another company', {}, { company: 'Citadel' }, false],
  ['an internship and a new-grad role of the same title', {}, { type: 'internship' }, false],
  [
    'two featured jobs of one partner under one title',
    { featured: true, type: 'Internship', url: null },
    { featured: true, type: 'Internship', url: null },
    false,
  ],
  ['a featured job and a listing of the same title', {}, { featured: true, type: 'new-grad', url: null }, false],
];

describe('postingGroupKey', () => {
  it.each(pairs)('%s: one card = %s', (_name, first, second, together) => {
    const a = posting({ id: 'a', ...first });
    const b = posting({ id: 'b', ...second });
    expect(postingGroupKey(a) === postingGroupKey(b)).toBe(together);
  });
});

describe('cardsOf', () => {
  const chicago = posting({ id: 'chicago', datePosted: 3 });
  const newYork = posting({ id: 'new-york', locations: ['New York, NY'], datePosted: 2 });
  const other = posting({ id: 'other', title: 'Quant Researcher', datePosted: 1 });
  const cards = (list: BoardJob[]) =>
    cardsOf(
      list,
      (job) => job,
      (job) => postingGroupKey(job),
    );

  it('puts postings of one job on the card of the first of them, in the order given', () => {
    const [first, second] = cards([chicago, other, newYork]);
    expect(first!.id).toBe('chicago');
    expect(first!.alsoPosted?.map((ref) => ref.id)).toEqual(['new-york']);
    expect(second).toBe(other);
    expect(cards([newYork, chicago])[0]!.id).toBe('new-york');
  });

  it('leaves a posting alone as it was, without alsoPosted', () => {
    expect(cards([other])).toEqual([other]);
    expect(cards([other])[0]!.alsoPosted).toBeUndefined();
  });

  it('lists every posting of a card, its leading one first, with their own links and places', () => {
    const [card] = cards([chicago, newYork]);
    expect(postingsOf(card!)).toEqual([
      { id: 'chicago', locations: ['Chicago, IL'], url: chicago.url, datePosted: 3, places: chicago.places },
      { id: 'new-york', locations: ['New York, NY'], url: newYork.url, datePosted: 2, places: newYork.places },
    ]);
  });
});

describe('the real feeds', () => {
  const dataFolder = path.resolve(import.meta.dirname, '../../../../shared/data');
  const feeds = [
    ['internships-current.json', 'internship'],
    ['new-grads-current.json', 'new-grad'],
  ] as const;
  const present = feeds.every(([file]) => existsSync(path.join(dataFolder, file)));

  it.runIf(present)('show their 6,804 valid postings as 5,898 cards; 516 cards hold 1,422 postings', () => {
    const jobs = feeds.flatMap(
      ([file, type]) => parseExternalFeed(JSON.parse(readFileSync(path.join(dataFolder, file), 'utf8')), type).jobs,
    );
    const cards = cardsOf(
      jobs,
      (job) => job,
      (job) => postingGroupKey(job),
    );
    const shared = cards.filter((card) => card.alsoPosted !== undefined);
    expect(jobs.length).toBe(6804); // one of the 6,805 records has no valid link
    expect(cards.length).toBe(5898);
    expect(shared.length).toBe(516);
    expect(shared.reduce((sum, card) => sum + 1 + card.alsoPosted!.length, 0)).toBe(1422);
    // The pair named in the issue: one role, one city, two links.
    const wolverine = cards.filter((card) => card.title === 'Entry Level C++ Software Engineer');
    expect(wolverine.filter((card) => card.company === 'Wolverine Trading')).toHaveLength(1);
  });
});

describe('cardRuns', () => {
  it('counts and builds what cardsOf gives for postings in board order over an index in card order', () => {
    const jobs = Array.from({ length: 60 }, (_, i) =>
      withPlaces({
        id: `job-${i}`,
        title: `Role ${i % 7}`,
        company: `Company ${i % 5}`,
        locations: [`City ${i}`],
        category: null,
        terms: [],
        degrees: [],
        datePosted: 1_760_000_000 - i,
        url: `https://jobs.example.com/${i}`,
        featured: i % 11 === 0,
        type: i % 2 ? 'internship' : 'new-grad',
      }),
    );
    const ordered = indexJobs(jobs).map((entry) => entry.job);
    const subset = ordered.filter((_, i) => i % 3 !== 0);
    for (const list of [ordered, subset]) {
      const key = (job: BoardJob) => postingGroupKey(job);
      const expected = cardsOf(list, (job) => job, key);
      const runs = cardRuns(list, (job) => job, key);
      expect(runs.length).toBe(expected.length);
      // Built as far as asked, in steps, as a list grows by pages.
      expect(runs.slice(0, 5)).toEqual(expected.slice(0, 5));
      expect(runs.slice(3, 12)).toEqual(expected.slice(3, 12));
      expect(runs.slice(0)).toEqual(expected);
      expect(runs.slice(0, expected.length + 10)).toEqual(expected);
    }
  });
});
