import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { applicantsSearch } from './api/company-api.ts';
import { companyErrorCode, companyErrorText } from './company-error-text.ts';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('companyErrorText', () => {
  it('translates a known code, never showing the English sentence', () => {
    const stale = new ApiError(409, 'Someone else changed it', { error: 'Someone else changed it', code: 'stale_status' });
    expect(companyErrorCode(stale)).toBe('stale_status');
    expect(companyErrorText(t, stale)).toBe('<company:errors.stale_status>');
  });

  it('falls back to the network, validation, session or generic message', () => {
    expect(companyErrorText(t, new TypeError('Failed to fetch'))).toBe('<company:errors.network>');
    expect(companyErrorText(t, new ApiError(400, 'bad', { error: 'bad' }))).toBe('<company:errors.invalid_request>');
    expect(companyErrorText(t, new ApiError(401, 'no'))).toBe('<company:errors.unauthenticated>');
    expect(companyErrorText(t, new ApiError(500, 'boom', { error: 'boom', code: 'made_up' }))).toBe('<company:errors.generic>');
  });
});

describe('applicantsSearch', () => {
  it('leaves out empty filters and keeps the rest', () => {
    expect(applicantsSearch({ q: 'ada', status: undefined, school: '', sort: 'match', page: 2 })).toBe('?q=ada&sort=match&page=2');
    expect(applicantsSearch({})).toBe('');
  });
});

describe('portal error strings', () => {
  it('has an English and a French text for every error code the server can answer', async () => {
    const { companyErrorCodes } = await import('../../../shared/company/company-errors.ts');
    const en = (await import('../../i18n/locales/en/company.json')).default.errors as Record<string, string>;
    const fr = (await import('../../i18n/locales/fr/company.json')).default.errors as Record<string, string>;
    expect(companyErrorCodes.filter((code) => !en[code])).toEqual([]);
    expect(companyErrorCodes.filter((code) => !fr[code])).toEqual([]);
  });
});
