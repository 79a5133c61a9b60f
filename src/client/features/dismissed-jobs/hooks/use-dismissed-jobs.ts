import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import type { DismissedJobRecord } from '../../../db/records/dismissed-job-record.ts';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import { useJobToggleRecords, useJobToggles } from '../../../lib/job-toggles/use-job-toggles.ts';
import { dismissedJobsStore } from '../db/dismissed-jobs-repository.ts';
import { syncDismissedJobs } from '../dismissed-jobs-sync.ts';

export type DismissedJobsState = {
  /** Dismissed jobs, most recent first; undefined while the device copy loads. */
  dismissed: DismissedJobRecord[] | undefined;
  dismissedIds: ReadonlySet<string>;
  /** Some change has not reached the server yet. */
  pending: boolean;
  /** The last attempt to reach the server failed (offline or server trouble); the device copy is shown. */
  unreachable: boolean;
  /** Hides the job, with a toast whose Undo brings it back. */
  dismiss: (job: SavedJobSnapshot) => void;
  restore: (job: SavedJobSnapshot) => void;
};

/**
 * The jobs the signed-in student is not interested in: the device copy at once (so dismissing works offline), synced
 * with the server on the same occasions as saved jobs.
 */
export function useDismissedJobs(): DismissedJobsState {
  const { t } = useTranslation('jobs');
  const { on, onIds, pending, unreachable, toggle } = useJobToggles(
    dismissedJobsStore,
    syncDismissedJobs,
    'dismissed-jobs',
  );
  const dismiss = useCallback(
    (job: SavedJobSnapshot) => {
      toggle(job, true);
      toaster.create({
        type: 'info',
        title: t('dismissed.toast'),
        action: { label: t('dismissed.undo'), onClick: () => toggle(job, false) },
      });
    },
    [toggle, t],
  );
  const restore = useCallback((job: SavedJobSnapshot) => toggle(job, false), [toggle]);
  return useMemo(
    () => ({ dismissed: on, dismissedIds: onIds, pending, unreachable, dismiss, restore }),
    [on, onIds, pending, unreachable, dismiss, restore],
  );
}

const noIds: ReadonlySet<string> = new Set();

/**
 * The ids of the jobs the signed-in student dismissed, for the lists that leave them out (the board, "jobs for you"),
 * read from the device only: the lists' cards keep them in step with the server. Empty while the copy loads (a
 * read of one small table, done long before the board is searchable on the device).
 */
export function useDismissedJobIds(): ReadonlySet<string> {
  const records = useJobToggleRecords(dismissedJobsStore);
  return useMemo(() => {
    const dismissed = records?.filter(dismissedJobsStore.isOn);
    return dismissed && dismissed.length > 0 ? new Set(dismissed.map((record) => record.jobId)) : noIds;
  }, [records]);
}
