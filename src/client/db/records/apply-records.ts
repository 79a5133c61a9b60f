import type {
  ApplicationAnswersInput,
  ApplicationReceipt,
  SavedResumeChoice,
} from '../../../shared/applications/application-schema.ts';
import type { DevpostProfile } from '../../../shared/devpost/devpost-profile.ts';
import type { ErrorCode } from '../../../shared/errors/error-codes.ts';

/** A resume file kept on the device (spec: files stored as bytes + metadata), so it survives a killed browser. */
export interface StoredResumeFile {
  name: string;
  type: string;
  size: number;
  lastModified: number;
  /** ArrayBuffer, not Blob: Safari's IndexedDB loses Blobs, and fake-indexeddb drops a File's name. */
  bytes: ArrayBuffer;
}

/** Which resume the Resume step chose: the profile's saved one, or a new file. */
export type ResumeChoice =
  { kind: 'saved'; resume: SavedResumeChoice; name: string | null } | { kind: 'file'; file: StoredResumeFile };

/** The Devpost username the applicant verified in the Hackathons step (or the profile's, already verified). */
export interface VerifiedDevpost {
  username: string;
  profile: DevpostProfile | null;
}

/** Screening answers as the Questions step holds them: question id -> 'yes' / 'no', the text, or the option. */
export type ScreeningAnswers = Record<string, string>;

/** The form's values: every answer as the inputs hold it (text), before the shared schema parses them. */
export type DraftAnswers = { [Field in keyof ApplicationAnswersInput]-?: string };

/** The wizard's answers for one job, saved on every change (spec section 4: "saved locally per job id"). */
export interface ApplicationDraftRecord {
  /** `${uid}:${jobId}`: a draft belongs to one account and one job. */
  key: string;
  uid: string;
  jobId: string;
  step: number;
  answers: DraftAnswers;
  resumeChoice: ResumeChoice | null;
  devpost: VerifiedDevpost | null;
  /** The screening answers (question id -> text); absent on drafts saved before screening questions. */
  screening?: ScreeningAnswers;
  /** Skills given in the Skills step (asked when the profile lists none). */
  skills?: string[];
  /** ms since epoch. */
  updatedAt: number;
}

/**
 * queued: waiting for a send (first try, or after a network failure / 5xx, see nextAttemptAt);
 * sending: one tab is sending it now (leaseUntil guards against a tab that died mid-send);
 * sent: the server confirmed it (201, or the replay of the first answer); failed: the server refused it (4xx).
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** What the job looked like when applying, for My Applications and the status screen while it is not sent yet. */
export interface OutboxJobSummary {
  title: string;
  organizationName: string | null;
  organizationLogo: string | null;
  type: string | null;
  location: string | null;
}

/** A submitted application waiting to reach the server (or sent): the outbox never loses or doubles one. */
export interface OutboxRecord {
  /** The Idempotency-Key sent with every attempt (crypto.randomUUID()). */
  id: string;
  uid: string;
  /** The slug or id in the apply URL, and the query that came with it. */
  jobSlug: string;
  jobId: string;
  query: { token?: string; sharedId?: string };
  answers: DraftAnswers;
  resume: ResumeChoice;
  devpost: DevpostProfile | null;
  /** The screening answers sent as `screeningAnswers`; absent on entries stored before screening questions. */
  screening?: ScreeningAnswers;
  /** Skills given in the wizard, sent as `skills` (the application's skills when the profile lists none). */
  skills?: string[];
  status: OutboxStatus;
  attempts: number;
  /** ms since epoch: the earliest automatic retry (backoff); explicit triggers (online, visible, start) ignore it. */
  nextAttemptAt: number;
  /** ms since epoch, while 'sending': after it, another sender may take the record over. */
  leaseUntil: number | null;
  /** The server's message when status is 'failed' (or the last transient problem while queued). */
  error: string | null;
  /** The server's error code with that message (screens translate it); absent on entries stored before codes. */
  errorCode?: ErrorCode | null;
  /** The answer fields a 400 named (`{error, code, fields}`), so the form opens at the right step. */
  errorFields?: string[];
  /** The HTTP status of the last answer, if any. */
  lastStatus: number | null;
  /** What the success screen shows once sent. */
  receipt: ApplicationReceipt | null;
  jobSummary: OutboxJobSummary;
  createdAt: number;
  updatedAt: number;
}
