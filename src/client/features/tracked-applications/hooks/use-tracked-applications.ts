import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  TrackedStage,
  UpdateTrackedApplication,
} from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { recordTrackedChange, type TrackedView } from '../db/tracked-applications-repository.ts';
import { useTrackedApplicationViews } from './use-tracked-application-views.ts';

// The sync (its API calls and their response schemas) is fetched after the first render: the board uses this hook
// for its marks, and its first load stays without it.
const syncTrackedApplications = (uid: string) =>
  import('../tracked-applications-sync.ts').then((sync) => sync.syncTrackedApplications(uid));

export type NewTrackedApplication = {
  jobId?: string;
  company: string;
  title: string;
  url: string;
  stage?: TrackedStage;
  /** ISO; default now. */
  appliedAt?: string;
  note?: string;
};

export type TrackedApplicationsState = {
  /** Most recently applied first; undefined while the device copy loads. */
  applications: TrackedView[] | undefined;
  /** The last attempt to reach the server failed; the device copy is shown. */
  unreachable: boolean;
  add: (application: NewTrackedApplication) => Promise<string>;
  change: (id: string, change: Omit<UpdateTrackedApplication, 'changedAt'>) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/**
 * The signed-in student's tracked applications: the device copy at once (so adding and moving work offline), kept in
 * step with the server when the page opens, when the network comes back, when the tab is shown again and after each
 * change.
 */
export function useTrackedApplications(): TrackedApplicationsState {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const applications = useTrackedApplicationViews();
  const [unreachable, setUnreachable] = useState(false);

  const syncNow = useCallback(() => {
    if (!uid) return;
    void syncTrackedApplications(uid).then(
      (reached) => setUnreachable(!reached),
      () => setUnreachable(true), // the chunk itself could not be fetched (offline before it was cached)
    );
  }, [uid]);

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

  return useMemo(
    () => ({
      applications,
      unreachable,
      add: async (application) => {
        if (!uid) throw new Error('Not signed in');
        const id = crypto.randomUUID();
        const changedAt = new Date().toISOString();
        await recordTrackedChange({
          uid,
          id,
          changedAt,
          kind: 'create',
          body: {
            ...application,
            stage: application.stage ?? 'applied',
            id,
            changedAt,
            appliedAt: application.appliedAt ?? changedAt,
          },
        });
        syncNow();
        return id;
      },
      change: async (id, change) => {
        if (!uid) return;
        const changedAt = new Date().toISOString();
        await recordTrackedChange({ uid, id, changedAt, kind: 'update', body: { ...change, changedAt } });
        syncNow();
      },
      remove: async (id) => {
        if (!uid) return;
        await recordTrackedChange({ uid, id, changedAt: new Date().toISOString(), kind: 'delete' });
        syncNow();
      },
    }),
    [applications, unreachable, uid, syncNow],
  );
}
