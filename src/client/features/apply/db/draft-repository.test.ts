import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import { emptyAnswers } from '../application-prefill.ts';
import { deleteDraft, draftKey, readDraft, saveDraft } from './draft-repository.ts';

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`test-drafts-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('application draft repository', () => {
  it('returns null when nothing was saved for this account and job', async () => {
    expect(await readDraft('user-1', 'job-1', db)).toBeNull();
  });

  it('keeps one draft per account and job, with the chosen PDF as bytes and metadata', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n%%EOF').buffer;
    await saveDraft(
      'user-1',
      'job-1',
      {
        step: 3,
        answers: { ...emptyAnswers, firstName: 'Ada' },
        resumeChoice: {
          kind: 'file',
          file: { name: 'cv.pdf', type: 'application/pdf', size: bytes.byteLength, lastModified: 5, bytes },
        },
        devpost: { username: 'ada-dev', profile: null },
      },
      100,
      db,
    );
    await saveDraft('user-2', 'job-1', { step: 0, answers: emptyAnswers, resumeChoice: null, devpost: null }, 100, db);

    const draft = await readDraft('user-1', 'job-1', db);
    expect(draft).toMatchObject({
      key: draftKey('user-1', 'job-1'),
      step: 3,
      updatedAt: 100,
      devpost: { username: 'ada-dev' },
    });
    expect(draft?.answers.firstName).toBe('Ada');
    const file = draft?.resumeChoice?.kind === 'file' ? draft.resumeChoice.file : null;
    expect(file?.name).toBe('cv.pdf');
    expect(new TextDecoder().decode(file?.bytes)).toBe('%PDF-1.4\n%%EOF');
    expect((await readDraft('user-2', 'job-1', db))?.answers.firstName).toBe('');
  });

  it('replaces the draft on each save and deletes it', async () => {
    await saveDraft('user-1', 'job-1', { step: 0, answers: emptyAnswers, resumeChoice: null, devpost: null }, 1, db);
    await saveDraft(
      'user-1',
      'job-1',
      { step: 2, answers: { ...emptyAnswers, major: 'CS' }, resumeChoice: null, devpost: null },
      2,
      db,
    );
    expect(await db.applicationDrafts.count()).toBe(1);
    expect(await readDraft('user-1', 'job-1', db)).toMatchObject({ step: 2, updatedAt: 2 });
    await deleteDraft('user-1', 'job-1', db);
    expect(await readDraft('user-1', 'job-1', db)).toBeNull();
  });
});
