import { describe, expect, it } from 'vitest';
import { authErrorCode, describeLoginError, loginLinkSent, requiresSignOut } from './login-errors.ts';
import en from '../../i18n/locales/en/auth.json';

function english(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  if (typeof value !== 'string') throw new Error(`missing auth key ${key}`);
  return value;
}

function shown(error: unknown): [string, string] {
  const { titleKey, descriptionKey } = describeLoginError(error);
  return [english(titleKey), english(descriptionKey)];
}

describe('describeLoginError', () => {
  it.each(['auth/user-not-found', 'auth/admin-restricted-operation'])('shows "User not found" for %s', (code) => {
    expect(shown({ code })).toEqual(['User not found', 'No account exists with this email address']);
  });

  it('shows "Too many requests" for auth/too-many-requests', () => {
    expect(shown({ code: 'auth/too-many-requests' })).toEqual([
      'Too many requests',
      'Please wait a moment before trying again',
    ]);
  });

  it.each(['auth/invalid-action-code', 'auth/network-request-failed', 'auth/tenant-id-mismatch'])(
    'shows the generic coded failure for %s',
    (code) => {
      expect(shown({ code })).toEqual(['Login failed', 'An error occurred during login']);
    },
  );

  it.each([new Error('boom'), 'boom', null, undefined, { code: '' }, { code: 42 }])(
    'shows the unexpected failure for an error without a code (%j)',
    (error) => {
      expect(shown(error)).toEqual(['Login failed', 'An unexpected error occurred']);
    },
  );

  it('has the success message "Login link sent"', () => {
    expect([english(loginLinkSent.titleKey), english(loginLinkSent.descriptionKey)]).toEqual([
      'Login link sent',
      'Check your email for the login link',
    ]);
  });
});

describe('authErrorCode', () => {
  it('strips the auth/ prefix and keeps bare codes', () => {
    expect(authErrorCode({ code: 'auth/user-disabled' })).toBe('user-disabled');
    expect(authErrorCode({ code: 'too-many-requests' })).toBe('too-many-requests');
    expect(authErrorCode(new Error('x'))).toBeNull();
  });
});

describe('requiresSignOut', () => {
  it.each([
    ['auth/user-disabled', true],
    ['auth/user-token-expired', true],
    ['auth/user-not-found', false],
    ['auth/network-request-failed', false],
  ])('%s -> %s', (code, expected) => {
    expect(requiresSignOut({ code })).toBe(expected);
  });

  it('is false for errors without a code', () => {
    expect(requiresSignOut(new Error('offline'))).toBe(false);
  });
});
