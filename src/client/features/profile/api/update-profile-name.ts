import { apiJson } from '../../../lib/api-client.ts';
import type { ProfileName } from '../../../../shared/profile/profile-schema.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

/** PATCH /api/profile/name: sets the first and last name once, during onboarding. */
export function updateProfileName(name: ProfileName): Promise<StudentProfile> {
  return apiJson<StudentProfile>('/profile/name', { method: 'PATCH', body: JSON.stringify(name) });
}
