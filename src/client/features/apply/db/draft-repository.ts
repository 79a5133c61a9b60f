import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { ApplicationDraftRecord } from '../../../db/records/apply-records.ts';

/** One draft per account and job: the same job applied to from two accounts on one device keeps two drafts. */
export function draftKey(uid: string, jobId: string): string {
  return `${uid}:${jobId}`;
}

export async function readDraft(uid: string, jobId: string, db: AppDb = appDb): Promise<ApplicationDraftRecord | null> {
  return (await db.applicationDrafts.get(draftKey(uid, jobId))) ?? null;
}

export type DraftContent = Pick<
  ApplicationDraftRecord,
  'step' | 'answers' | 'resumeChoice' | 'devpost' | 'screening' | 'skills'
>;

/** Saves the whole draft (answers, step, chosen resume with its bytes, verified Devpost) in one write. */
export async function saveDraft(
  uid: string,
  jobId: string,
  content: DraftContent,
  now: number = Date.now(),
  db: AppDb = appDb,
): Promise<ApplicationDraftRecord> {
  const record: ApplicationDraftRecord = { key: draftKey(uid, jobId), uid, jobId, ...content, updatedAt: now };
  await db.applicationDrafts.put(record);
  return record;
}

export async function deleteDraft(uid: string, jobId: string, db: AppDb = appDb): Promise<void> {
  await db.applicationDrafts.delete(draftKey(uid, jobId));
}
