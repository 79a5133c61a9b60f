import type { ActivityDetail, ActivityKind } from '../../shared/organization-activity/organization-activity-api.ts';
import type { Database } from '../db/client.ts';
import { organizationActivity } from '../db/schema.ts';

// One entry of an organization's activity log (modules/organization-activity reads it). Called with the transaction
// of the action it records where that action writes rows (a move, a note), after the answer is ready where it only
// reads (a resume, a CSV export).

export type ActivityRecord = {
  organizationId: string;
  actorUid: string;
  kind: ActivityKind;
  applicationId?: string | null;
  jobId?: string | null;
  detail?: ActivityDetail;
  /** The app's clock (app.ts `clock`). */
  at: Date;
};

export async function recordActivity(db: Database, record: ActivityRecord): Promise<void> {
  await recordActivities(db, [record]);
}

export async function recordActivities(db: Database, records: readonly ActivityRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(organizationActivity).values(
    records.map((record) => ({
      organizationId: record.organizationId,
      actorUid: record.actorUid,
      kind: record.kind,
      applicationId: record.applicationId ?? null,
      jobId: record.jobId ?? null,
      detail: record.detail ?? {},
      at: record.at,
    })),
  );
}
