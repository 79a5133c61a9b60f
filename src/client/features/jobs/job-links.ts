import { jobAccessQuery } from './api/get-job-detail.ts';

/** The apply page of a job, carrying the invitation token or shared-link id along (spec section 2). */
export function applyPath(slug: string, token: string | null, sharedId: string | null): string {
  return `/jobs/${encodeURIComponent(slug)}/apply${jobAccessQuery({ token, sharedId })}`;
}
