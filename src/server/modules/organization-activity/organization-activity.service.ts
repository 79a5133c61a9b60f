import {
  type ActivityEntry,
  type ActivityPage,
  activityPageSize,
} from '../../../shared/organization-activity/organization-activity-api.ts';
import type { Database } from '../../db/client.ts';
import { csvDocument } from '../../http/csv.ts';
import { type ActivityRow, listActivity } from './organization-activity.repository.ts';

function toEntry(row: ActivityRow): ActivityEntry {
  const { entry } = row;
  const named = row.answers && !row.anonymizedAt ? `${row.answers.firstName} ${row.answers.lastName}`.trim() : '';
  return {
    id: String(entry.id),
    kind: entry.kind,
    at: entry.at.toISOString(),
    actor: entry.actorUid
      ? {
          uid: entry.actorUid,
          name: row.memberName ?? row.accountName ?? null,
          email: row.memberEmail ?? row.accountEmail ?? null,
        }
      : null,
    applicationId: entry.applicationId,
    applicantName: named || null,
    jobId: entry.jobId,
    jobTitle: row.jobTitle,
    detail: entry.detail,
  };
}

/** One page of the log, newest first (`before`: the previous page's `nextCursor`). */
export async function activityPage(db: Database, organizationId: string, before?: number): Promise<ActivityPage> {
  const rows = await listActivity(db, organizationId, { before, limit: activityPageSize + 1 });
  const items = rows.slice(0, activityPageSize).map(toEntry);
  return {
    items,
    nextCursor: rows.length > activityPageSize ? (items[items.length - 1]?.id ?? null) : null,
  };
}

/** The whole log, newest first, read in batches. */
export async function allActivity(db: Database, organizationId: string): Promise<ActivityEntry[]> {
  const batch = 1000;
  const entries: ActivityEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const rows = await listActivity(db, organizationId, { before, limit: batch });
    entries.push(...rows.map(toEntry));
    if (rows.length < batch) return entries;
    before = rows[rows.length - 1]?.entry.id;
  }
}

function describe(entry: ActivityEntry): string {
  const { detail } = entry;
  if (entry.kind === 'status-move')
    return `${detail.from ?? ''} -> ${detail.to ?? ''}${detail.notified ? ' (student told)' : ''}`;
  if (entry.kind === 'export') return `${detail.file ?? ''}.csv`;
  if (entry.kind === 'deletion-scheduled') return `deleted on ${detail.dueAt ?? ''}`;
  if (entry.kind === 'interview') return detail.interview ?? '';
  if (entry.kind === 'member-left' && detail.newOwnerUid) return `new owner ${detail.newOwnerUid}`;
  return '';
}

/** GET .../activity.csv: RFC 4180, formula-looking cells neutralised (http/csv.ts). */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const header = ['Time', 'Action', 'Member', 'Member email', 'Job', 'Applicant', 'Application ID', 'Detail'];
  return csvDocument(
    header,
    entries.map((entry) => [
      entry.at,
      entry.kind,
      entry.actor ? (entry.actor.name ?? '') : 'Deleted account',
      entry.actor?.email ?? '',
      entry.jobTitle ?? '',
      entry.applicantName ?? '',
      entry.applicationId ?? '',
      describe(entry),
    ]),
  );
}
