/** An i18n key pair in the `auth` namespace: a toast or alert title and its description. */
export interface LoginMessage {
  titleKey: string;
  descriptionKey: string;
}

/** Spec section 8: the success message after a sign-in link was requested. */
export const loginLinkSent: LoginMessage = {
  titleKey: 'loginMessages.linkSent.title',
  descriptionKey: 'loginMessages.linkSent.description',
};

const userNotFound: LoginMessage = {
  titleKey: 'loginMessages.userNotFound.title',
  descriptionKey: 'loginMessages.userNotFound.description',
};
const tooManyRequests: LoginMessage = {
  titleKey: 'loginMessages.tooManyRequests.title',
  descriptionKey: 'loginMessages.tooManyRequests.description',
};
const codedFailure: LoginMessage = {
  titleKey: 'loginMessages.failed.title',
  descriptionKey: 'loginMessages.failed.description',
};
const unexpectedFailure: LoginMessage = {
  titleKey: 'loginMessages.unexpected.title',
  descriptionKey: 'loginMessages.unexpected.description',
};

/** The Firebase error code without its `auth/` prefix, or null for errors that carry no code. */
export function authErrorCode(error: unknown): string | null {
  if (!error || typeof error !== 'object' || !('code' in error)) return null;
  const { code } = error;
  if (typeof code !== 'string' || code === '') return null;
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/** Maps a failed sign-in (link request or completion) to the spec's login error catalogue. */
export function describeLoginError(error: unknown): LoginMessage {
  const code = authErrorCode(error);
  if (code === null) return unexpectedFailure;
  // The identity service answers admin-restricted-operation when sign-up is closed for an unknown address.
  switch (code) {
    case 'user-not-found':
    case 'admin-restricted-operation':
      return userNotFound;
    case 'too-many-requests':
      return tooManyRequests;
    default:
      return codedFailure;
  }
}

/** Spec section 8: a disabled account or an expired session cannot recover, so the user is signed out. */
export function requiresSignOut(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'user-disabled' || code === 'user-token-expired';
}
