import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';

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

/** "Toronto, ON, Canada" and how many more locations the card does not spell out (shown as "+N"). */
export function locationSummary(locations: readonly string[]): { first: string | null; more: number } {
  const named = locations.filter((location) => location.trim() !== '');
  return { first: named[0] ?? null, more: Math.max(0, named.length - 1) };
}
