import type { Database } from '../../db/client.ts';
import type { ScheduledTask } from '../../scheduler/scheduler.ts';
import type { Storage } from '../../storage/storage.ts';
import { deleteOrganizationRows, dueOrganizations, organizationResumeKeys } from './organization-purge.repository.ts';
import { anonymizeExpiredApplications, expiredApplications, profileResumeKeys } from './retention.repository.ts';

// The retention sweep (APPLICATION_RETENTION_DAYS, docs/decisions/028-privacy-and-trust.md): applications of jobs
// that ended more than that many days ago lose their resume copy and their applicant's details, like an account
// deletion does, but keep their student (who still sees the job and its status in My Applications). A scheduled task:
// one instance at a time (the runner's lease), in batches, each step safe to run again: the files are deleted first
// while the rows still name them; a crash before the rows change only makes the next round delete them again.
// The same round deletes the organizations whose scheduled deletion is due (docs/decisions/035), in the same order:
// their applications' resume copies and uploaded logo first, then the organization row and all it holds.

export const retentionTaskName = 'application-retention';
const dayMs = 86_400_000;
const batchSize = 100;

export type RetentionDeps = {
  db: Database;
  storage: Storage;
  /** APPLICATION_RETENTION_DAYS. */
  retentionDays: number;
  log: { info(details: object, message: string): void };
};

export type RetentionRound = { removed: number; organizationsDeleted: number };
const uploadedLogoPrefix = 'logos/uploaded/';

export function applicationRetentionTask(deps: RetentionDeps): ScheduledTask {
  return {
    name: retentionTaskName,
    // Daily; each instance's first round soon after it starts, taken by one of them.
    everyMs: dayMs,
    async run({ now, renewLease, signal }): Promise<RetentionRound> {
      const cutoff = new Date(now.getTime() - deps.retentionDays * dayMs);
      let removed = 0;
      for (;;) {
        const expired = await expiredApplications(deps.db, cutoff, batchSize);
        if (expired.length === 0) break;
        // A profile's current resume is the student's own file, never an application's copy to remove.
        const keep = await profileResumeKeys(
          deps.db,
          expired.map((row) => row.resumeKey),
        );
        for (const row of expired)
          if (row.resumeKey && !keep.has(row.resumeKey)) await deps.storage.delete(row.resumeKey);
        removed += await anonymizeExpiredApplications(deps.db, expired, now);
        if (expired.length < batchSize || signal.aborted || !(await renewLease())) break;
      }
      if (removed > 0) deps.log.info({ removed }, 'applications past their retention period anonymised');
      let organizationsDeleted = 0;
      for (;;) {
        if (signal.aborted || !(await renewLease())) break;
        const due = await dueOrganizations(deps.db, now, 10);
        let deletedNow = 0;
        for (const organization of due) {
          const keys = await organizationResumeKeys(deps.db, organization.id);
          const keep = await profileResumeKeys(deps.db, keys);
          for (const key of keys) if (!keep.has(key)) await deps.storage.delete(key);
          if (organization.logoPath?.startsWith(uploadedLogoPrefix)) await deps.storage.delete(organization.logoPath);
          if (await deleteOrganizationRows(deps.db, organization.id, now)) {
            organizationsDeleted += 1;
            deletedNow += 1;
            deps.log.info({ organizationId: organization.id, files: keys.length }, 'organization deleted');
          }
        }
        if (due.length < 10 || deletedNow === 0) break;
      }
      return { removed, organizationsDeleted };
    },
  };
}
