import type { ApplicationAnswersInput, SavedResumeChoice } from '../../../../shared/applications/application-schema.ts';

/** A resume file kept on the device (spec: files stored as bytes + metadata), so it survives a killed browser. */
export interface StoredResumeFile {
  name: string;
  type: string;
  size: number;
  lastModified: number;
  bytes: ArrayBuffer;
}

/** The wizard's answers for one job, saved on every change (spec section 4: "saved locally per job id"). */
export interface ApplicationDraftRecord {
  /** `${uid}:${jobId}`: a draft belongs to one account and one job. */
  key: string;
  uid: string;
  jobId: string;
  step: number;
  answers: Partial<ApplicationAnswersInput>;
  /** Which resume step 4 chose: the profile's saved one, a new file, or none yet. */
  resumeChoice: { kind: 'saved'; resume: SavedResumeChoice } | { kind: 'file'; file: StoredResumeFile } | null;
  /** ms since epoch. */
  updatedAt: number;
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A submitted application waiting to reach the server (or sent): the outbox never loses or doubles one. */
export interface OutboxRecord {
  /** The Idempotency-Key sent with every attempt. */
  id: string;
  uid: string;
  /** The slug or id in the apply URL, and the query that came with it. */
  jobSlug: string;
  jobId: string;
  query: { token?: string; sharedId?: string };
  answers: ApplicationAnswersInput;
  resume: { kind: 'saved'; resume: SavedResumeChoice } | { kind: 'file'; file: StoredResumeFile };
  devpostUsername: string | null;
  status: OutboxStatus;
  attempts: number;
  /** The server's message when status is 'failed'. */
  error: string | null;
  /** What the success screen shows once sent. */
  receipt: unknown;
  /** For My Applications while queued. */
  jobSummary: { title: string; organizationName: string | null; type: string | null; location: string | null };
  createdAt: number;
  updatedAt: number;
}
