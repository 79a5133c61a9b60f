import { randomUUID } from 'node:crypto';
import {
  type CreateTrackedApplication,
  maxTrackedApplicationsPerStudent,
  type TrackedApplication,
  type UpdateTrackedApplication,
} from '../../../shared/tracked-applications/tracked-applications-api.ts';
import { applyTrackedChange, newTrackedState } from '../../../shared/tracked-applications/tracked-changes.ts';
import type { Database } from '../../db/client.ts';
import type { TrackedApplicationRow } from '../../db/schema.ts';
import { changeTime } from '../../http/change-time.ts';
import { HttpError } from '../../http/http-error.ts';
import { jobSummaries } from '../jobs/index.ts';
import {
  closingsOf,
  countTracked,
  deleteTrackedRow,
  insertTrackedRow,
  listTrackedRows,
  lockTrackedRow,
  lockTrackedRowOfJob,
  stateOf,
  trackedApplicationOf,
  writeTrackedState,
} from './tracked-applications.repository.ts';

export type TrackedApplicationsService = ReturnType<typeof createTrackedApplicationsService>;

export function createTrackedApplicationsService({ db, now }: { db: Database; now: () => number }) {
  async function answer(row: TrackedApplicationRow): Promise<TrackedApplication> {
    return trackedApplicationOf(row, await closingsOf(db, [row]));
  }

  return {
    async list(uid: string): Promise<TrackedApplication[]> {
      const rows = await listTrackedRows(db, uid);
      const closings = await closingsOf(db, rows);
      return rows.map((row) => trackedApplicationOf(row, closings));
    },

    /**
     * Stores a new application, or, when the same id was sent before (a retry) or the student already tracks this
     * listing (from another device), applies the request to that one as a change: `created` says which.
     */
    async create(
      uid: string,
      request: CreateTrackedApplication,
    ): Promise<{ created: boolean; application: TrackedApplication }> {
      const at = changeTime(request.changedAt, now()).toISOString();
      let { company, title, url } = request;
      if (request.jobId !== undefined) {
        // A board listing's own company, title and address, not what the device says of it.
        const job = (await jobSummaries(db, [request.jobId])).get(request.jobId);
        if (!job || job.featured || !job.url) throw new HttpError(404, 'job_not_found');
        ({ company, title, url } = { company: job.company, title: job.title, url: job.url });
      }
      const fields = { company, title, url, stage: request.stage, note: request.note, nextStepAt: request.nextStepAt };
      const state = newTrackedState(fields, at);
      const id = request.id ?? randomUUID();
      const { created, row } = await db.transaction(async (tx) => {
        if ((await countTracked(tx, uid)) >= maxTrackedApplicationsPerStudent) {
          const existing = await lockTrackedRow(tx, id);
          if (!existing) throw new HttpError(409, 'tracked_application_limit_reached');
        }
        const inserted = await insertTrackedRow(tx, {
          ...state,
          id,
          userUid: uid,
          jobId: request.jobId ?? null,
          appliedAt: changeTime(request.appliedAt ?? at, now()),
        });
        if (inserted) return { created: true, row: inserted };
        const same = await lockTrackedRow(tx, id);
        if (same && same.userUid !== uid) throw new HttpError(409, 'tracked_application_id_taken');
        if (same?.deletedAt) throw new HttpError(404, 'tracked_application_not_found');
        const existing = same ?? (request.jobId ? await lockTrackedRowOfJob(tx, uid, request.jobId) : null);
        if (!existing) throw new HttpError(409, 'tracked_application_id_taken');
        const merged = applyTrackedChange(stateOf(existing), fields, at);
        return { created: false, row: await writeTrackedState(tx, existing.id, merged, new Date(now())) };
      });
      return { created, application: await answer(row) };
    },

    /** Applies a change made at `changedAt`; each field keeps it only if no later change of that field is stored. */
    async update(uid: string, id: string, request: UpdateTrackedApplication): Promise<TrackedApplication> {
      const at = changeTime(request.changedAt, now()).toISOString();
      const { changedAt: _changedAt, ...change } = request;
      const row = await db.transaction(async (tx) => {
        const existing = await lockTrackedRow(tx, id);
        if (!existing || existing.userUid !== uid || existing.deletedAt) {
          throw new HttpError(404, 'tracked_application_not_found');
        }
        return writeTrackedState(tx, id, applyTrackedChange(stateOf(existing), change, at), new Date(now()));
      });
      return answer(row);
    },

    async remove(uid: string, id: string): Promise<void> {
      if (!(await deleteTrackedRow(db, uid, id, new Date(now())))) {
        throw new HttpError(404, 'tracked_application_not_found');
      }
    },
  };
}
