import type { TFunction } from 'i18next';
import { companyErrorCodes, type CompanyErrorCode } from '../../../shared/company/company-errors.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The `code` of a portal error answer, when it is one the app knows. */
export function companyErrorCode(error: unknown): CompanyErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    return (companyErrorCodes as string[]).includes(body.code) ? (body.code as CompanyErrorCode) : null;
  }
  return null;
}

/** A sentence for people in the interface language: by code, else a network or generic message. Never the raw English. */
export function companyErrorText(t: TFunction, error: unknown): string {
  const code = companyErrorCode(error);
  if (code) return t(`company:errors.${code}`);
  if (error instanceof TypeError) return t('company:errors.network');
  if (error instanceof ApiError && error.status === 400) return t('company:errors.invalid_request');
  if (error instanceof ApiError && error.status === 401) return t('company:errors.unauthenticated');
  return t('company:errors.generic');
}
