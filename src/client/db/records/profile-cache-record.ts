import type { StudentProfile } from '../../../shared/profile/student-profile.ts';

/** The last profile GET /api/profile returned for a user, so the account page and the apply prefill work offline. */
export interface ProfileCacheRecord {
  /** Firebase uid: one row per account that signed in on this device. */
  uid: string;
  profile: StudentProfile;
  /** ms since epoch. */
  savedAt: number;
}
