import { createJobToggleSync } from '../../lib/job-toggles/job-toggle-sync.ts';
import { getDismissedJobs, sendDismissedChange } from './api/dismissed-jobs-api.ts';
import { dismissedJobsStore } from './db/dismissed-jobs-repository.ts';

/** Sends pending dismissals and restores, then refreshes the list; resolves false when the server was not reached. */
export const syncDismissedJobs = createJobToggleSync(dismissedJobsStore, {
  name: 'dismissed-jobs',
  send: sendDismissedChange,
  list: () => getDismissedJobs(),
});
