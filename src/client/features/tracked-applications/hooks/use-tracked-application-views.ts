import { useMemo } from 'react';
import { appDb } from '../../../db/app-db.ts';
import { useLiveQuery } from '../../../db/use-live-query.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { readTracked, trackedViewsOf, type TrackedView } from '../db/tracked-applications-repository.ts';

const nothing = { records: [], changes: [] };

/** The signed-in student's tracked applications as this device has them, without reaching the server. */
export function useTrackedApplicationViews(): TrackedView[] | undefined {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const stored = useLiveQuery(() => (uid ? readTracked(uid, appDb) : nothing), [uid], undefined);
  return useMemo(() => (stored ? trackedViewsOf(stored.records, stored.changes) : undefined), [stored]);
}
