import { useMemo } from 'react';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import type { SavedJobRecord, SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import { useJobToggles } from '../../../lib/job-toggles/use-job-toggles.ts';
import { savedJobsStore } from '../db/saved-jobs-repository.ts';
import { syncSavedJobs } from '../saved-jobs-sync.ts';

/** A board card's job as the Saved view keeps it. */
export function snapshotOf(job: BoardJob): SavedJobSnapshot {
  return {
    id: job.id,
    title: job.title,
    company: job.company,
    locations: job.locations,
    url: job.url,
    featured: job.featured,
    type: job.type,
    datePosted: job.datePosted,
    closed: false,
  };
}

export type SavedJobsState = {
  /** Saved jobs, most recent first; undefined while the device copy loads. */
  saved: SavedJobRecord[] | undefined;
  savedIds: ReadonlySet<string>;
  /** Some change has not reached the server yet. */
  pending: boolean;
  /** The last attempt to reach the server failed (offline or server trouble); the device copy is shown. */
  unreachable: boolean;
  toggle: (job: SavedJobSnapshot, saved: boolean) => void;
};

/**
 * The signed-in student's saved jobs: the device copy (Dexie) at once, so saving and the Saved view work offline,
 * kept in step with the server when the page opens, when the network comes back, when the tab is shown again and
 * after each change.
 */
export function useSavedJobs(): SavedJobsState {
  const { on, onIds, pending, unreachable, toggle } = useJobToggles(savedJobsStore, syncSavedJobs, 'saved-jobs');
  return useMemo(
    () => ({ saved: on, savedIds: onIds, pending, unreachable, toggle }),
    [on, onIds, pending, unreachable, toggle],
  );
}
