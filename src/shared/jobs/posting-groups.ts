import type { BoardJob, PostingRef } from './listing-schemas.ts';

// One card per job, not per posting: the feeds list the same role once per city, or twice by mistake (908 of 6,805
// listings in 2026-11 repeat another's company and title). The board shows such postings as one card that offers
// the choice of location or link; saved jobs, dismissed jobs and search still work on each posting.

// Case and spacing do not make another job: "Software Engineer  I" is "software engineer i". (Feed text is already
// NFC: listing-schemas.ts normalises it, and the key is computed for 20,000 postings on a phone.)
function groupText(text: string): string {
  const lower = text.toLowerCase();
  return /\s\s|^\s|\s$|[^\S ]/.test(lower) ? lower.replace(/\s+/g, ' ').trim() : lower;
}

/**
 * The key of the card a posting belongs to: external postings of one feed type with the same company and title
 * share a card. Featured jobs are each their own card (a partner posting two roles under one title means two jobs).
 */
export function postingGroupKey(job: Pick<BoardJob, 'id' | 'featured' | 'type' | 'company' | 'title'>): string {
  if (job.featured) return `featured\u0000${job.id}`;
  return `${job.type}\u0000${groupText(job.company)}\u0000${groupText(job.title)}`;
}

export function postingRefOf(job: BoardJob): PostingRef {
  return { id: job.id, locations: job.locations, url: job.url, datePosted: job.datePosted, places: job.places };
}

/**
 * The cards of a result: postings of one group become one card at the place of the first of them (the result's
 * order decides which posting leads), the others listed on it as `alsoPosted`. A posting alone is its own job object.
 */
export function cardsOf<T>(
  matched: readonly T[],
  jobOf: (entry: T) => BoardJob,
  groupOf: (entry: T) => string | number,
): BoardJob[] {
  const members: T[][] = [];
  const byGroup = new Map<string | number, T[]>();
  for (const entry of matched) {
    const group = groupOf(entry);
    const card = byGroup.get(group);
    if (card === undefined) {
      const created = [entry];
      byGroup.set(group, created);
      members.push(created);
    } else {
      card.push(entry);
    }
  }
  return members.map(([first, ...others]) => cardOf(jobOf(first!), others.map(jobOf)));
}

/** A card: its lead posting, with the others of its group listed as `alsoPosted` (none: the posting itself). */
export function cardOf(lead: BoardJob, others: readonly BoardJob[]): BoardJob {
  return others.length === 0 ? lead : { ...lead, alsoPosted: others.map(postingRefOf) };
}

/** The cards of a result, counted at once and built only as far as a list shows them. */
export interface CardList {
  readonly length: number;
  /** The cards from `start` to `end` (exclusive), like Array.prototype.slice. */
  slice(start: number, end?: number): BoardJob[];
}

/** A CardList over cards already built. */
export function cardListOf(cards: readonly BoardJob[]): CardList {
  return { length: cards.length, slice: (start, end) => cards.slice(start, end) };
}

/**
 * The cards of a result whose postings of one card are side by side (board order over an index in inCardOrder), as
 * cardsOf would give them: counted in one pass comparing each posting's card with the previous one, and built (by
 * `build`, cardOf unless a caller keeps cards it built before) only up to the last one asked for. A keystroke of a
 * search on the device matches up to 20,000 postings, of which the list shows 20.
 */
export function cardRuns<T>(
  matched: readonly T[],
  jobOf: (entry: T) => BoardJob,
  groupOf: (entry: T) => string | number,
  build: (lead: BoardJob, others: readonly BoardJob[]) => BoardJob = cardOf,
): CardList {
  let length = 0;
  let previous: string | number | undefined;
  for (let i = 0; i < matched.length; i += 1) {
    const group = groupOf(matched[i]!);
    if (i === 0 || group !== previous) length += 1;
    previous = group;
  }
  const built: BoardJob[] = [];
  let next = 0;
  const buildUpTo = (end: number) => {
    while (built.length < end && next < matched.length) {
      const lead = matched[next]!;
      const group = groupOf(lead);
      const others: BoardJob[] = [];
      next += 1;
      while (next < matched.length && groupOf(matched[next]!) === group) {
        others.push(jobOf(matched[next]!));
        next += 1;
      }
      built.push(build(jobOf(lead), others));
    }
  };
  return {
    length,
    slice(start, end = length) {
      buildUpTo(Math.min(length, end < 0 ? length + end : end));
      return built.slice(start, end);
    },
  };
}

/** Every posting of a card: the one it leads with, then the others. */
export function postingsOf(card: BoardJob): PostingRef[] {
  return [postingRefOf(card), ...(card.alsoPosted ?? [])];
}
