import { useLiveQuery } from '../../../db/use-live-query.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { appDb } from '../../../db/app-db.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import type { SavedJobRecord, SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import { recordSavedChange } from '../db/saved-jobs-repository.ts';
import { syncSavedJobs } from '../saved-jobs-sync.ts';

const noRecords: SavedJobRecord[] = [];

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
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const records = useLiveQuery(
    () => (uid ? appDb.savedJobs.where('uid').equals(uid).toArray() : noRecords),
    [uid],
    undefined,
  );
  const [unreachable, setUnreachable] = useState(false);

  const sync = useCallback(() => {
    if (!uid) return;
    void syncSavedJobs(uid).then((reached) => setUnreachable(!reached));
  }, [uid]);

  useEffect(() => {
    sync();
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    window.addEventListener('online', sync);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [sync]);

  const toggle = useCallback(
    (job: SavedJobSnapshot, saved: boolean) => {
      if (!uid) return;
      recordSavedChange(uid, job.id, saved, job).then(sync, (error: unknown) =>
        console.warn('[saved-jobs] could not keep the change on this device', error),
      );
    },
    [uid, sync],
  );

  return useMemo(() => {
    const saved = records?.filter((record) => record.saved).sort((a, b) => b.changedAt - a.changedAt);
    return {
      saved,
      savedIds: new Set(saved?.map((record) => record.jobId)),
      pending: records?.some((record) => record.pending) ?? false,
      unreachable,
      toggle,
    };
  }, [records, unreachable, toggle]);
}
