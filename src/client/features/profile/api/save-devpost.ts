import { errorCodeForStatus } from '../../../../shared/errors/error-codes.ts';
import { ApiError, apiJson } from '../../../lib/api-client.ts';
import type { DevpostProfile, DevpostProfileResponse } from '../../../../shared/devpost/devpost-profile.ts';

/**
 * POST /api/devpost/save, after a profile save: the server reads only the username and stores its own fresh copy.
 * Failures answered in the `{success:false, error}` shape are returned; a network failure throws.
 */
export async function saveDevpost(devpostProfile: DevpostProfile): Promise<DevpostProfileResponse> {
  try {
    return await apiJson<DevpostProfileResponse>('/devpost/save', {
      method: 'POST',
      body: JSON.stringify({ devpostProfile }),
    });
  } catch (error) {
    if (error instanceof ApiError)
      return { success: false, data: null, error: error.message, code: error.code ?? errorCodeForStatus(error.status) };
    throw error;
  }
}
