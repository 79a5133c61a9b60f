import type { BoardJob } from './listing-schemas.ts';

// "Most relevant" order for a typed search. The search itself (which jobs match) stays the spec's regular
// expression; this only orders the matches: a word of the search standing whole in the title first, then starting a
// word of the title, then anywhere in the title, then the same in the other searched fields (company, locations,
// category, terms, degrees). So "intern" puts "Software Engineering Intern" before a role at "Acme International".

/** The words a search is made of: letters and digits runs, lower-cased (regular-expression syntax is dropped). */
export function relevanceTerms(q: string): string[] {
  const words = q
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((word) => word.length > 0))];
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** 3: the term stands as a whole word of `text`; 2: it starts a word; 1: it is inside a word; 0: absent. */
export function termMatch(text: string, term: string): 0 | 1 | 2 | 3 {
  const lower = text.normalize('NFC').toLowerCase();
  let best: 0 | 1 | 2 | 3 = 0;
  for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
    const starts = !isWordChar(lower[at - 1]);
    const ends = !isWordChar(lower[at + term.length]);
    const score = starts && ends ? 3 : starts ? 2 : 1;
    if (score > best) best = score;
    if (best === 3) break;
  }
  return best;
}

type RelevanceFields = Pick<BoardJob, 'title' | 'company' | 'locations' | 'category' | 'terms' | 'degrees'>;

/** A job's relevance to the search terms: title matches weigh ten times the other fields'. Higher is better. */
export function relevanceScore(job: RelevanceFields, terms: readonly string[]): number {
  const others = [job.company, ...job.locations, job.category ?? '', ...job.terms, ...job.degrees];
  let score = 0;
  for (const term of terms) {
    const inTitle = termMatch(job.title, term);
    let elsewhere = 0;
    for (const field of others) {
      elsewhere = Math.max(elsewhere, termMatch(field, term));
      if (elsewhere === 3) break;
    }
    score += inTitle * 10 + elsewhere;
  }
  return score;
}

/**
 * The matched items, most relevant first. Sorting is stable, so items of equal score keep the order they came in
 * (the board's: featured first, then newest).
 */
export function sortByRelevance<T>(items: readonly T[], q: string, jobOf: (item: T) => RelevanceFields): T[] {
  const terms = relevanceTerms(q);
  if (terms.length === 0) return [...items];
  const scored = items.map((item, position) => ({ item, position, score: relevanceScore(jobOf(item), terms) }));
  scored.sort((a, b) => b.score - a.score || a.position - b.position);
  return scored.map((entry) => entry.item);
}
