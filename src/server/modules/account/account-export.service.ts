import { strToU8, zipSync, type Zippable } from 'fflate';
import { profileToJsonResume } from '../../../shared/profile/json-resume.ts';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { readAccountData, type ResumeFile } from './account-export.repository.ts';

// GET /api/account/export: a ZIP with data.json (everything held about the student, see docs/decisions/028),
// resume.json (the profile as a JSON Resume 1.0 document) and the resume PDFs (the profile's and each application's
// copy). PDFs are stored without compression (they are compressed already); a student's files are a few 5 MB PDFs at
// most, so the archive is built in memory.

export const exportFormatVersion = 1;

/** A file name safe inside the archive: no folders, no control characters, never empty. */
export function archiveName(name: string, fallback: string): string {
  const cleaned = [...name]
    .map((character) => (character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127 ? '-' : character))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

export async function buildAccountExport(
  { db, storage, now }: { db: Database; storage: Storage; now: () => number },
  uid: string,
  profile: StudentProfile,
): Promise<Uint8Array> {
  const { data, files } = await readAccountData(db, uid);
  const entries: Zippable = {};
  const missing: string[] = [];

  async function addResume(file: ResumeFile, path: string): Promise<string | null> {
    const stored = await storage.get(file.key);
    if (!stored) {
      missing.push(path);
      return null;
    }
    entries[path] = [stored.data, { level: 0 }];
    return path;
  }

  const resumeFiles: Record<string, string | null> = {};
  if (files.profile) {
    resumeFiles.profile = await addResume(
      files.profile,
      `resumes/profile-${archiveName(files.profile.name, 'resume.pdf')}`,
    );
  }
  for (const [index, file] of files.applications.entries()) {
    const application = data.applications[index]!;
    resumeFiles[String(application.id)] = await addResume(
      file,
      `resumes/application-${index + 1}-${archiveName(file.name, 'resume.pdf')}`,
    );
  }

  const document = {
    format: 'campus-jobs-account-export',
    version: exportFormatVersion,
    exportedAt: new Date(now()).toISOString(),
    ...data,
    resumeFiles,
    ...(missing.length > 0 ? { missingFiles: missing } : {}),
  };
  entries['data.json'] = strToU8(`${JSON.stringify(document, null, 2)}\n`);
  entries['resume.json'] = strToU8(`${JSON.stringify(profileToJsonResume(profile), null, 2)}\n`);
  return zipSync(entries, { level: 6, mtime: new Date(now()) });
}
