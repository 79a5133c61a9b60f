import { ApiError, apiJson } from '../../../lib/api-client.ts';
import type { DevpostProfileResponse } from '../../../../shared/devpost/devpost-profile.ts';

function isDevpostAnswer(body: unknown): body is DevpostProfileResponse {
  return !!body && typeof body === 'object' && 'success' in body && typeof body.success === 'boolean';
}

/**
 * POST /api/devpost/profile: `{success, data, error}`. The server also answers that shape with an error status
 * (400, 429, 502); it is returned as is, so the caller handles every failure one way.
 */
export async function verifyDevpost(username: string): Promise<DevpostProfileResponse> {
  try {
    return await apiJson<DevpostProfileResponse>('/devpost/profile', {
      method: 'POST',
      body: JSON.stringify({ username }),
    });
  } catch (error) {
    if (error instanceof ApiError && isDevpostAnswer(error.body)) return error.body;
    throw error;
  }
}
