import type { BoardJob, PostingRef } from './listing-schemas.ts';

// One card per job, not per posting: the feeds list the same role once per city, or twice by mistake (908 of 6,805
// listings in 2026-11 repeat another's company and title). The board shows such postings as one card that offers
// the choice of location or link; saved jobs, dismissed jobs and search still work on each posting.

// Case, accents' composition and spacing do not make another job: "Software Engineer  I" is "software engineer i".
function groupText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
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

/** Every posting of a card: the one it leads with, then the others. */
export function postingsOf(card: BoardJob): PostingRef[] {
  return [postingRefOf(card), ...(card.alsoPosted ?? [])];
}
