import { useCallback, useEffect, useMemo, useState } from 'react';
import { appDb } from '../../db/app-db.ts';
import type { SavedJobSnapshot } from '../../db/records/saved-job-record.ts';
import { useLiveQuery } from '../../db/use-live-query.ts';
import { useSession } from '../session/use-session.ts';
import { recordToggle, type JobToggleFields, type JobToggleStore } from './job-toggle-repository.ts';

export interface JobToggles<R> {
  /** Jobs with the mark on, most recent first; undefined while the device copy loads. */
  on: R[] | undefined;
  onIds: ReadonlySet<string>;
  /** Some change has not reached the server yet. */
  pending: boolean;
  /** The last attempt to reach the server failed (offline or server trouble); the device copy is shown. */
  unreachable: boolean;
  toggle: (job: SavedJobSnapshot, on: boolean) => void;
}

const noRecords: never[] = [];

/** The signed-in student's records of one kind of mark on this device, as they change; no sync. */
export function useJobToggleRecords<R extends JobToggleFields>(store: JobToggleStore<R>): R[] | undefined {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  return useLiveQuery(
    () => (uid ? store.table(appDb).where('uid').equals(uid).toArray() : noRecords),
    [uid, store],
    undefined,
  );
}

/**
 * One kind of mark of the signed-in student (saved, dismissed): the device copy (Dexie) at once, so marking and the
 * list work offline, kept in step with the server when the page opens, when the network comes back, when the tab is
 * shown again and after each change.
 */
export function useJobToggles<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  sync: (uid: string) => Promise<boolean>,
  name: string,
): JobToggles<R> {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const records = useJobToggleRecords(store);
  const [unreachable, setUnreachable] = useState(false);

  const syncNow = useCallback(() => {
    if (!uid) return;
    void sync(uid).then((reached) => setUnreachable(!reached));
  }, [uid, sync]);

  useEffect(() => {
    syncNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') syncNow();
    };
    window.addEventListener('online', syncNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', syncNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [syncNow]);

  const toggle = useCallback(
    (job: SavedJobSnapshot, on: boolean) => {
      if (!uid) return;
      recordToggle(store, uid, job.id, on, job).then(syncNow, (error: unknown) =>
        console.warn(`[${name}] could not keep the change on this device`, error),
      );
    },
    [uid, store, syncNow, name],
  );

  return useMemo(() => {
    const on = records?.filter(store.isOn).sort((a, b) => b.changedAt - a.changedAt);
    return {
      on,
      onIds: new Set(on?.map((record) => record.jobId)),
      pending: records?.some((record) => record.pending) ?? false,
      unreachable,
      toggle,
    };
  }, [records, store, unreachable, toggle]);
}
