import type { BoardJob, PostingRef } from '../../../shared/jobs/listing-schemas.ts';
import { postingsOf } from '../../../shared/jobs/posting-groups.ts';

/**
 * Where a card leads (spec section 2): a featured job opens its detail page in the app (`/jobs/{id}/`); an external
 * listing opens its own url in a new tab. Only http(s) links are ever rendered, whatever the data says.
 */
export type JobCardLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

export function jobCardLink(job: Pick<BoardJob, 'id' | 'url' | 'featured'>): JobCardLink {
  if (job.featured) return { kind: 'internal', to: `/jobs/${encodeURIComponent(job.id)}/` };
  if (job.url && /^https?:\/\//i.test(job.url)) return { kind: 'external', href: job.url };
  return { kind: 'none' };
}

/** The card's type badge: 'featured', 'internship' or 'newGrad' (translation keys), or null for unknown text. */
export type JobBadgeKind = 'featured' | 'internship' | 'newGrad';

export function jobBadgeKind(job: Pick<BoardJob, 'featured' | 'type'>): JobBadgeKind | null {
  if (job.featured) return 'featured';
  if (job.type === 'internship') return 'internship';
  if (job.type === 'new-grad') return 'newGrad';
  return null;
}

/** The postings a card offers (posting-groups.ts): in several places, or the same place posted more than once. */
export type PostingChoice = { kind: 'locations' | 'times'; count: number; postings: PostingRef[] };

export function postingChoice(job: BoardJob): PostingChoice | null {
  if (!job.alsoPosted?.length) return null;
  const postings = postingsOf(job);
  const places = new Set(postings.map((posting) => posting.locations.join(' · ')));
  return places.size === 1
    ? { kind: 'times', count: postings.length, postings }
    : { kind: 'locations', count: places.size, postings };
}

/** "Toronto, ON, Canada" and how many more locations the card does not spell out (shown as "+N"). */
export function locationSummary(locations: readonly string[]): { first: string | null; more: number } {
  const named = locations.filter((location) => location.trim() !== '');
  return { first: named[0] ?? null, more: Math.max(0, named.length - 1) };
}

/**
 * A featured job's stage as a second badge ('internship' or 'newGrad'), read from the partner's free-text type
 * ('Internship', 'New grad'); null for external listings (their type is the badge) and unknown texts.
 */
export function featuredStage(job: Pick<BoardJob, 'featured' | 'type'>): 'internship' | 'newGrad' | null {
  if (!job.featured) return null;
  return typeStage(job.type);
}

/** 'Internship', 'internship', 'Stage', 'Co-op' -> 'internship'; 'New grad', 'new-grad', 'Jeune diplômé' -> 'newGrad'. */
export function typeStage(type: string | null | undefined): 'internship' | 'newGrad' | null {
  if (!type) return null;
  if (/intern|\bstage\b|co-?op/i.test(type)) return 'internship';
  if (/new.?grad|graduate|dipl[oô]m/i.test(type)) return 'newGrad';
  return null;
}

/** Up to two initials of a company for its avatar ('Acme Robotics' -> 'AR', 'stripe' -> 'S'). */
export function companyInitials(company: string): string {
  const words = company.split(/[\s,.&()/-]+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word][0]!);
  return (letters.join('') || '?').toUpperCase();
}
