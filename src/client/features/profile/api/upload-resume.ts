import { apiUpload } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

/** PATCH /api/profile/main-resume: multipart, one field `resume`; reports upload progress (0..1). */
export function uploadResume(file: File, onProgress?: (fraction: number) => void): Promise<StudentProfile> {
  const body = new FormData();
  body.append('resume', file, file.name);
  return apiUpload<StudentProfile>('/profile/main-resume', body, {
    method: 'PATCH',
    onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
  });
}
