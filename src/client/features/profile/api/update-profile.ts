import { ApiError, apiJson } from '../../../lib/api-client.ts';
import type { ProfileUpdateInput } from '../../../../shared/profile/profile-schema.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

/** PATCH /api/profile/update: the changed profile; names, e-mail and the rest are not writable here. */
export function updateProfile(update: ProfileUpdateInput): Promise<StudentProfile> {
  return apiJson<StudentProfile>('/profile/update', { method: 'PATCH', body: JSON.stringify(update) });
}

/** The per-field messages of a 400 answer (`{error, fields: {phone: '...'}}`), or null for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  if (!body || typeof body !== 'object' || !('fields' in body)) return null;
  const fields = body.fields;
  if (!fields || typeof fields !== 'object') return null;
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === 'string') result[field] = message;
  }
  return Object.keys(result).length > 0 ? result : null;
}
