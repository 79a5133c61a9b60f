import type { SavedJobSnapshot } from './saved-job-record.ts';

/**
 * One job an account said it is not interested in, on this device. A restore is kept (dismissed: false) until the
 * server has it, so that the change is sent; `pending` marks a change the server has not confirmed yet. The job's
 * summary is kept so the Dismissed list shows it offline and after the job closed.
 */
export interface DismissedJobRecord {
  /** `${uid}\u0000${jobId}`. */
  key: string;
  uid: string;
  jobId: string;
  dismissed: boolean;
  /** When the change was made (ms since epoch): the server keeps the last change made for each job. */
  changedAt: number;
  pending: boolean;
  job: SavedJobSnapshot | null;
}
