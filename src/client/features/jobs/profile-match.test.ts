import { describe, expect, it } from 'vitest';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  type JobFilters,
} from '../../../shared/jobs/job-filters-schema.ts';
import { buildStudentProfile } from '../../../shared/profile/student-profile-fixture.ts';
import { matchesProfile, profileCriteria, withoutProfileCriteria, withProfileCriteria } from './profile-match.ts';

function filtersOf(query: string): JobFilters {
  const { offset: _offset, limit: _limit, ...filters } = filtersFromSearchParams(query);
  return filters;
}

describe('"Match my profile" (the profile criteria as board filters)', () => {
  it('a profile without job preferences (an older copy on the device, or none set) has no criteria', () => {
    expect(profileCriteria(buildStudentProfile())).toBeNull();
    expect(profileCriteria({ ...buildStudentProfile(), interests: [], targetTerms: [], degreeLevel: null })).toBeNull();
    expect(profileCriteria(null)).toBeNull();
    expect(profileCriteria(undefined)).toBeNull();
  });

  it('reads interests, target terms and degree as category, term and degree, in the URL order', () => {
    const criteria = profileCriteria({
      ...buildStudentProfile(),
      interests: ['quant', 'software'],
      targetTerms: ['summer-2027', 'fall-2026'],
      degreeLevel: 'master',
      workAuthorization: { authorizedIn: ['CA'], needsSponsorship: 'now' },
    });
    expect(criteria).toEqual({
      category: ['software', 'quant'],
      term: ['fall-2026', 'summer-2027'],
      degree: ['master'],
    });
  });

  it('one stated criterion is enough; the others stay no filter', () => {
    expect(profileCriteria({ ...buildStudentProfile(), degreeLevel: 'phd' })).toEqual({
      category: undefined,
      term: undefined,
      degree: ['phd'],
    });
  });

  it('a value the schemas refuse counts as not stated', () => {
    expect(profileCriteria({ interests: ['cooking'], targetTerms: 'summer-2026', degreeLevel: 'postdoc' })).toBeNull();
  });

  it('turning it on sets the three filters and keeps the others; it never filters on sponsorship', () => {
    const criteria = profileCriteria({
      interests: ['ai-ml-data'],
      targetTerms: ['summer-2026'],
      degreeLevel: 'bachelor',
      workAuthorization: { authorizedIn: [], needsSponsorship: 'now' },
    })!;
    const before = filtersOf('q=intern&country=Canada&category=hardware');
    const on = withProfileCriteria(before, criteria);
    expect(filtersToSearchParams(on).toString()).toBe(
      'country=Canada&q=intern&category=ai-ml-data&term=summer-2026&degree=bachelor',
    );
    expect(on.sponsorship).toBeUndefined();
    expect(matchesProfile(on, criteria)).toBe(true);
    expect(matchesProfile(before, criteria)).toBe(false);
    // The same filters read back from the URL (a reload) still match.
    expect(matchesProfile(filtersOf(filtersToSearchParams(on).toString()), criteria)).toBe(true);
  });

  it('changing one of the three filters by hand turns the match off; turning it off removes all three', () => {
    const criteria = profileCriteria({ interests: ['software'], degreeLevel: 'bachelor' })!;
    const on = withProfileCriteria(filtersOf('mode=remote&sponsorship=yes'), criteria);
    expect(matchesProfile({ ...on, term: ['fall-2026'] }, criteria)).toBe(false);
    expect(matchesProfile({ ...on, category: ['software', 'quant'] }, criteria)).toBe(false);
    const off = withoutProfileCriteria(on);
    expect(filtersToSearchParams(off).toString()).toBe('mode=remote&sponsorship=yes');
  });
});
