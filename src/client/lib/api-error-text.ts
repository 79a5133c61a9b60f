import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../shared/errors/error-codes.ts';
import { ApiError } from './api-client.ts';

/** The stable code of an API error answer, when it is one the app knows. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The translation of an error code (the `errors` namespace has one for every code, in every language). */
export function errorCodeText(t: TFunction, code: ErrorCode): string {
  return t(`errors:codes.${code}`);
}

/**
 * A sentence for people in the interface language: the translation of the answer's code, else a network or generic
 * message. Never the server's English sentence.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  if (code) return errorCodeText(t, code);
  if (error instanceof TypeError) return t('errors:fallback.network');
  if (error instanceof ApiError && error.status === 401) return errorCodeText(t, 'unauthenticated');
  if (error instanceof ApiError && error.status === 400) return errorCodeText(t, 'invalid_request');
  return t('errors:fallback.generic');
}
