import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { buildStudentProfile } from '../../../../shared/profile/student-profile-fixture.ts';
import { deleteCachedProfile, getCachedProfile, saveCachedProfile } from './profile-cache-repository.ts';

function buildProfile(overrides: Partial<StudentProfile> = {}): StudentProfile {
  return buildStudentProfile({ phone: '+1 (555) 123-4567', program: 'Computer Science', ...overrides });
}

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`test-profile-cache-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('profile cache repository', () => {
  it('returns null for an account never loaded on this device', async () => {
    expect(await getCachedProfile('nobody', db)).toBeNull();
  });

  it('keeps the profile under its uid and replaces it on the next save', async () => {
    await saveCachedProfile(buildProfile(), 10, db);
    await saveCachedProfile(buildProfile({ school: 'Concordia' }), 20, db);
    const cached = await getCachedProfile('uid-ada', db);
    expect(cached).toMatchObject({ uid: 'uid-ada', savedAt: 20 });
    expect(cached?.profile.school).toBe('Concordia');
    expect(await db.profileCache.count()).toBe(1);
  });

  it('reads a copy kept before the job preferences existed as nothing chosen', async () => {
    const { degreeLevel: _d, targetTerms: _t, interests: _i, workAuthorization: _w, ...older } = buildProfile();
    await db.profileCache.put({ uid: 'uid-ada', profile: older as StudentProfile, savedAt: 5 });
    expect((await getCachedProfile('uid-ada', db))?.profile).toMatchObject({
      school: 'McGill',
      degreeLevel: null,
      targetTerms: [],
      interests: [],
      workAuthorization: null,
    });
  });

  it('keeps one copy per account, so a second account on the device never sees the first one', async () => {
    await saveCachedProfile(buildProfile(), 10, db);
    await saveCachedProfile(buildProfile({ id: 'uid-grace', firstName: 'Grace' }), 11, db);
    expect((await getCachedProfile('uid-ada', db))?.profile.firstName).toBe('Ada');
    expect((await getCachedProfile('uid-grace', db))?.profile.firstName).toBe('Grace');
  });

  it('keeps nested data (the resume reference with its timestamp) as it was', async () => {
    const resume = {
      id: 'r1',
      name: 'Ada CV.pdf',
      url: '/profile/resume',
      size: 1234,
      uploadedAt: { _seconds: 1, _nanoseconds: 5 },
    };
    await saveCachedProfile(buildProfile({ resume }), 10, db);
    expect((await getCachedProfile('uid-ada', db))?.profile.resume).toEqual(resume);
  });

  it('forgets an account on delete', async () => {
    await saveCachedProfile(buildProfile(), 10, db);
    await deleteCachedProfile('uid-ada', db);
    expect(await getCachedProfile('uid-ada', db)).toBeNull();
  });
});
