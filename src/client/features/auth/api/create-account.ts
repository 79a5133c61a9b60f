import { apiJson } from '../../../lib/api-client.ts';
import type { CreateAccountResponse } from '../../../../shared/schemas/create-account.ts';

/**
 * POST /auth/create-account after every sign-in: idempotent (201 the first time, 200 afterwards).
 * Needs an identified user whose token carries this email.
 */
export function createAccount(email: string): Promise<CreateAccountResponse> {
  return apiJson<CreateAccountResponse>('/auth/create-account', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
}
