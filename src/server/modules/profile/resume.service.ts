import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isPdf, resumeFileName, resumeMessages } from '../../../shared/profile/resume-file.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { isReadablePdf } from '../../http/pdf-document.ts';
import type { Storage } from '../../storage/storage.ts';
import { replaceResume } from './profile.repository.ts';

/**
 * An unguessable storage key that says nothing about its owner. Resumes are never served by key: only through
 * GET /api/profile/resume, to their owner.
 */
export function newResumeKey(): string {
  return `resumes/${randomBytes(16).toString('hex')}.pdf`;
}

/**
 * Checks an uploaded file and makes it the person's resume. The order keeps the previous resume intact on every
 * failure and leaves no orphan: 1. content and name are checked (nothing written yet); 2. the file is written
 * under a new key (atomically, by the storage); 3. the database row is switched to it (on failure the new file is
 * removed); 4. only then is the old file deleted.
 */
export async function storeResume({
  db,
  storage,
  log,
  uid,
  originalName,
  data,
  uploadedAt = new Date(),
}: {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  uid: string;
  originalName: string;
  data: Buffer;
  uploadedAt?: Date;
}): Promise<void> {
  // Judged by content, never by name or declared type.
  if (!isPdf(data) || !(await isReadablePdf(data))) throw new HttpError(415, 'resume_not_pdf', resumeMessages.notPdf);
  const name = resumeFileName(originalName);
  if (!name.ok) throw new HttpError(400, 'resume_name_invalid', name.error);

  const key = newResumeKey();
  await storage.put(key, data, { contentType: 'application/pdf' });
  let previousKey: string | null;
  try {
    previousKey = await replaceResume(db, uid, {
      id: randomUUID(),
      key,
      name: name.fileName,
      size: data.length,
      uploadedAt,
    });
  } catch (error) {
    await storage.delete(key).catch((deleteError: unknown) => {
      log.error({ err: deleteError, key }, 'could not remove the resume file of a failed upload');
    });
    throw error;
  }
  if (previousKey && previousKey !== key) {
    await storage.delete(previousKey).catch((deleteError: unknown) => {
      // The row no longer points at it: an orphan to clean up, never a resume that is served.
      log.error({ err: deleteError, key: previousKey }, 'could not delete the replaced resume file');
    });
  }
}
