import type {
  CreateTrackedApplication,
  TrackedApplication,
  UpdateTrackedApplication,
} from '../../../shared/tracked-applications/tracked-applications-api.ts';

/** The server's copy of one tracked application of an account, as last read. */
export interface TrackedApplicationRecord {
  /** `${uid}\u0000${id}`. */
  key: string;
  uid: string;
  application: TrackedApplication;
}

/**
 * A change made on this device and not yet confirmed by the server, sent in order (`seq`). An add carries its own
 * id, so sending it twice stores it once; each change carries the time it was made.
 */
export type TrackedChangeRecord = {
  seq?: number;
  uid: string;
  /** The application's id (the server may answer an add with another one: then later changes follow it). */
  id: string;
  /** ISO time the change was made. */
  changedAt: string;
} & (
  | { kind: 'create'; body: CreateTrackedApplication & { id: string; changedAt: string; appliedAt: string } }
  | { kind: 'update'; body: UpdateTrackedApplication & { changedAt: string } }
  | { kind: 'delete' }
);
