import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { TrackedApplicationRecord, TrackedChangeRecord } from '../../../db/records/tracked-application-records.ts';
import type { TrackedApplication } from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import {
  applyTrackedChange,
  newTrackedState,
  type TrackedState,
} from '../../../../shared/tracked-applications/tracked-changes.ts';

// The device's copy of an account's tracked applications (the server's last answer) and the changes made here that
// the server has not confirmed; what the student sees is the first with the second applied on top, by the same rule
// the server applies (shared/tracked-applications/tracked-changes.ts), so a change shows at once, offline too.

export type TrackedView = TrackedApplication & {
  /** A change of it has not reached the server yet. */
  pending: boolean;
};

const keyOf = (uid: string, id: string) => `${uid}\u0000${id}`;

function stateOf(application: TrackedApplication): TrackedState {
  return {
    company: application.company,
    title: application.title,
    url: application.url,
    stage: application.stage,
    note: application.note,
    nextStepAt: application.nextStepAt,
    history: application.history,
    fieldTimes: application.changedAt,
  };
}

function withState(application: TrackedApplication, state: TrackedState): TrackedApplication {
  const { fieldTimes, ...fields } = state;
  return { ...application, ...fields, changedAt: fieldTimes };
}

/** The applications as the student sees them: the server's copy with this device's pending changes applied. */
export function trackedViewsOf(
  records: readonly TrackedApplicationRecord[],
  changes: readonly TrackedChangeRecord[],
): TrackedView[] {
  const views = new Map<string, TrackedView>(
    records.map((record) => [record.application.id, { ...record.application, pending: false }]),
  );
  for (const change of changes) {
    const current = views.get(change.id);
    if (change.kind === 'delete') {
      views.delete(change.id);
    } else if (change.kind === 'create') {
      const { body } = change;
      const state = newTrackedState(
        {
          company: body.company,
          title: body.title,
          url: body.url,
          stage: body.stage,
          note: body.note,
          nextStepAt: body.nextStepAt,
        },
        body.changedAt,
      );
      const base = withState(
        { id: change.id, jobId: body.jobId ?? null, appliedAt: body.appliedAt, closedAt: null } as TrackedApplication,
        state,
      );
      const merged = current ? withState(current, applyTrackedChange(stateOf(current), body, body.changedAt)) : base;
      views.set(change.id, { ...merged, pending: true });
    } else if (current) {
      const { changedAt, ...fields } = change.body;
      views.set(change.id, {
        ...withState(current, applyTrackedChange(stateOf(current), fields, changedAt)),
        pending: true,
      });
    }
  }
  return [...views.values()].sort((a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt));
}

export async function recordTrackedChange(change: TrackedChangeRecord, db: AppDb = appDb): Promise<void> {
  await db.trackedChanges.add(change);
}

export function pendingTrackedChanges(uid: string, db: AppDb = appDb): Promise<TrackedChangeRecord[]> {
  return db.trackedChanges.where('uid').equals(uid).sortBy('seq');
}

/** The server has change `seq`; an add answered with another application's id moves later changes to that id. */
export async function markTrackedChangeSent(
  change: TrackedChangeRecord,
  answeredId: string | null,
  db: AppDb = appDb,
): Promise<void> {
  await db.transaction('rw', db.trackedChanges, db.trackedApplications, async () => {
    await db.trackedChanges.delete(change.seq!);
    if (answeredId && answeredId !== change.id) {
      await db.trackedChanges
        .where('uid')
        .equals(change.uid)
        .modify((later) => {
          if (later.id === change.id) later.id = answeredId;
        });
      await db.trackedApplications.delete(keyOf(change.uid, change.id));
    }
  });
}

/** Takes the server's list as the account's copy (pending changes stay on top of it). */
export async function applyServerTracked(
  uid: string,
  applications: readonly TrackedApplication[],
  db: AppDb = appDb,
): Promise<void> {
  await db.transaction('rw', db.trackedApplications, async () => {
    await db.trackedApplications.where('uid').equals(uid).delete();
    await db.trackedApplications.bulkPut(
      applications.map((application) => ({ key: keyOf(uid, application.id), uid, application })),
    );
  });
}

export async function readTracked(
  uid: string,
  db: AppDb = appDb,
): Promise<{ records: TrackedApplicationRecord[]; changes: TrackedChangeRecord[] }> {
  const [records, changes] = await Promise.all([
    db.trackedApplications.where('uid').equals(uid).toArray(),
    pendingTrackedChanges(uid, db),
  ]);
  return { records, changes };
}
