import { apiJson } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

/** GET /api/profile: the signed-in student's profile (created from the sign-in account on first use). */
export function getProfile(signal?: AbortSignal): Promise<StudentProfile> {
  return apiJson<StudentProfile>('/profile', { signal });
}
