import { appDb, type AppDb, type ProfileCacheRecord } from '../../../db/app-db.ts';
import { type StudentProfile, withJobPreferences } from '../../../../shared/profile/student-profile.ts';

// The last profile GET /api/profile (or a save) returned for an account, so the account page and the apply form's
// prefill work offline. One row per account that signed in on this device.

export async function getCachedProfile(uid: string, db: AppDb = appDb): Promise<ProfileCacheRecord | null> {
  const record = await db.profileCache.get(uid);
  // A copy kept by an older version of the app may lack the newer fields.
  return record ? { ...record, profile: withJobPreferences(record.profile) } : null;
}

/** Keeps the profile under its own uid (profile.id), replacing the previous copy. */
export async function saveCachedProfile(
  profile: StudentProfile,
  savedAt: number = Date.now(),
  db: AppDb = appDb,
): Promise<void> {
  await db.profileCache.put({ uid: profile.id, profile, savedAt });
}

/** Forgets an account's copy (for instance when it signs out for good on a shared device). */
export async function deleteCachedProfile(uid: string, db: AppDb = appDb): Promise<void> {
  await db.profileCache.delete(uid);
}
