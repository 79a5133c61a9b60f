/** What the Saved view shows of a job, kept with the bookmark so the list works offline and after the job closed. */
export interface SavedJobSnapshot {
  id: string;
  title: string;
  company: string;
  locations: string[];
  /** External listings: their own page; featured jobs: null (they open /jobs/{id}/). */
  url: string | null;
  featured: boolean;
  type: string;
  /** Unix seconds. */
  datePosted: number;
  closed: boolean;
}

/**
 * One bookmark of one account on this device. An unsave is kept (saved: false) until the server has it, so that
 * the change is sent; `pending` marks a change the server has not confirmed yet.
 */
export interface SavedJobRecord {
  /** `${uid}\u0000${jobId}`. */
  key: string;
  uid: string;
  jobId: string;
  saved: boolean;
  /** When the change was made (ms since epoch): the server keeps the last change made for each job. */
  changedAt: number;
  pending: boolean;
  job: SavedJobSnapshot | null;
}
