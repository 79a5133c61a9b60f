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
  const cardOf = new Map<string | number, T[]>();
  for (const entry of matched) {
    const group = groupOf(entry);
    const card = cardOf.get(group);
    if (card === undefined) {
      const created = [entry];
      cardOf.set(group, created);
      members.push(created);
    } else {
      card.push(entry);
    }
  }
  return members.map(([first, ...others]) => {
    const job = jobOf(first!);
    return others.length === 0 ? job : { ...job, alsoPosted: others.map((other) => postingRefOf(jobOf(other))) };
  });
}

/**
 * cardsOf for a result whose postings of one card are side by side (board order over an index in inCardOrder): one
 * pass comparing each posting's card with the previous one, no map, no array per card.
 */
export function cardsOfRuns<T>(
  matched: readonly T[],
  jobOf: (entry: T) => BoardJob,
  groupOf: (entry: T) => string | number,
): BoardJob[] {
  const cards: BoardJob[] = [];
  let previous: string | number | undefined;
  let others: PostingRef[] | null = null;
  for (const entry of matched) {
    const group = groupOf(entry);
    if (cards.length > 0 && group === previous) {
      (others ??= []).push(postingRefOf(jobOf(entry)));
      continue;
    }
    if (others !== null) cards[cards.length - 1] = { ...cards[cards.length - 1]!, alsoPosted: others };
    others = null;
    previous = group;
    cards.push(jobOf(entry));
  }
  if (others !== null) cards[cards.length - 1] = { ...cards[cards.length - 1]!, alsoPosted: others };
  return cards;
}

/** Every posting of a card: the one it leads with, then the others. */
export function postingsOf(card: BoardJob): PostingRef[] {
  return [postingRefOf(card), ...(card.alsoPosted ?? [])];
}
