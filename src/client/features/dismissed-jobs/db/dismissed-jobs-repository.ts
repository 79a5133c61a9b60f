import type { Table } from 'dexie';
import type { DismissedJobRecord } from '../../../db/records/dismissed-job-record.ts';
import type { JobToggleStore } from '../../../lib/job-toggles/job-toggle-repository.ts';

/**
 * The device's copy of the jobs an account is not interested in and the changes not yet sent, kept and synced
 * exactly like saved jobs: the per-job toggle functions (lib/job-toggles) run on this store.
 */
export const dismissedJobsStore: JobToggleStore<DismissedJobRecord> = {
  table: (db) => db.dismissedJobs as Table<DismissedJobRecord, string>,
  isOn: (record) => record.dismissed,
  withFlag: (fields, dismissed) => ({ ...fields, dismissed }),
};
