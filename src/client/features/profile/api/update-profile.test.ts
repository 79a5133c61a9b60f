import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { serverFieldErrors } from './update-profile.ts';

describe('serverFieldErrors (PATCH /api/profile/update answered 400)', () => {
  it('reads the per-field messages of the answer', () => {
    const error = new ApiError(400, 'Phone number must be at least 10 digits', {
      error: 'Phone number must be at least 10 digits',
      fields: { phone: 'Phone number must be at least 10 digits', skills: 'Skill already exists' },
    });
    expect(serverFieldErrors(error)).toEqual({
      phone: 'Phone number must be at least 10 digits',
      skills: 'Skill already exists',
    });
  });

  it('answers null for other statuses, answers without fields and other errors', () => {
    expect(serverFieldErrors(new ApiError(500, 'boom', { error: 'boom', fields: { phone: 'x' } }))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, 'bad', { error: 'bad' }))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, 'bad', { error: 'bad', fields: { phone: 42 } }))).toBeNull();
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toBeNull();
  });
});
