import { describe, expect, it } from 'vitest';
import { applicantsSearch } from './company-api.ts';

describe('applicantsSearch', () => {
  it('leaves out empty filters and keeps the rest', () => {
    expect(applicantsSearch({ q: 'ada', status: undefined, school: '', sort: 'match', page: 2 })).toBe(
      '?q=ada&sort=match&page=2',
    );
    expect(applicantsSearch({})).toBe('');
  });
});
