import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiErrorText, errorCodeOf } from './api-error-text.ts';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('apiErrorText', () => {
  it('translates a known code, never showing the English sentence', () => {
    const stale = new ApiError(409, 'Someone else changed it', {
      error: 'Someone else changed it',
      code: 'stale_status',
    });
    expect(errorCodeOf(stale)).toBe('stale_status');
    expect(apiErrorText(t, stale)).toBe('<errors:codes.stale_status>');
  });

  it('falls back to the network, validation, session or generic message', () => {
    expect(apiErrorText(t, new TypeError('Failed to fetch'))).toBe('<errors:fallback.network>');
    expect(apiErrorText(t, new ApiError(400, 'bad', { error: 'bad' }))).toBe('<errors:codes.invalid_request>');
    expect(apiErrorText(t, new ApiError(401, 'no'))).toBe('<errors:codes.unauthenticated>');
    expect(apiErrorText(t, new ApiError(500, 'boom', { error: 'boom', code: 'made_up' }))).toBe(
      '<errors:fallback.generic>',
    );
  });

  it('ignores a code the app does not know', () => {
    expect(errorCodeOf(new ApiError(418, 'teapot', { error: 'teapot', code: 'teapot' }))).toBeNull();
    expect(errorCodeOf(new Error('not an answer'))).toBeNull();
  });
});
