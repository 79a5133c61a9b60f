import { createJobToggleSync } from '../../lib/job-toggles/job-toggle-sync.ts';
import { getSavedJobs, sendSavedChange } from './api/saved-jobs-api.ts';
import { savedJobsStore } from './db/saved-jobs-repository.ts';

/** Sends pending changes and refreshes the list; resolves false when the server could not be reached. */
export const syncSavedJobs = createJobToggleSync(savedJobsStore, {
  name: 'saved-jobs',
  send: sendSavedChange,
  list: async () => (await getSavedJobs()).map(({ jobId, savedAt, job }) => ({ jobId, changedAt: savedAt, job })),
});
