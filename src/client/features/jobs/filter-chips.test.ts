import { describe, expect, it } from 'vitest';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  type JobFilters,
} from '../../../shared/jobs/job-filters-schema.ts';
import { chipId, filterChips, withoutChip, withoutChips } from './filter-chips.ts';

function filtersOf(query: string): JobFilters {
  const { offset: _offset, limit: _limit, ...filters } = filtersFromSearchParams(query);
  return filters;
}

describe('filter chips (the active filters under the search box)', () => {
  it('the plain board, a search and an order alone have no chips', () => {
    expect(filterChips(filtersOf(''))).toEqual([]);
    expect(filterChips(filtersOf('q=intern&sort=updated'))).toEqual([]);
  });

  it('gives one chip per filter and one per value of a multi-select, in the schema order', () => {
    const filters = filtersOf(
      'sponsorship=yes&degree=phd,bachelor&term=summer-2026,fall-2025&category=software&posted=7d&mode=remote' +
        '&city=Toronto&state=Ontario&country=Canada&type=internship',
    );
    expect(filterChips(filters).map(chipId)).toEqual([
      'type-internship',
      'country-Canada',
      'state-Ontario',
      'city-Toronto',
      'mode-remote',
      'posted-7d',
      'category-software',
      'term-fall-2025',
      'term-summer-2026',
      'degree-bachelor',
      'degree-phd',
      'sponsorship-yes',
    ]);
  });

  it('removing a value of a multi-select keeps the others; removing the last one drops the filter from the URL', () => {
    const filters = filtersOf('category=software,quant&degree=master');
    const one = withoutChip(filters, { key: 'category', value: 'software' });
    expect(one.category).toEqual(['quant']);
    expect(filtersToSearchParams(one).toString()).toBe('category=quant&degree=master');
    const none = withoutChip(one, { key: 'category', value: 'quant' });
    expect(filtersToSearchParams(none).toString()).toBe('degree=master');
    expect(filterChips(none).map(chipId)).toEqual(['degree-master']);
  });

  it('removing a place removes the places inside it, and removing a city keeps its state', () => {
    const filters = filtersOf('country=Canada&state=Ontario&city=Toronto&mode=hybrid');
    expect(filtersToSearchParams(withoutChip(filters, { key: 'country', value: 'Canada' })).toString()).toBe(
      'mode=hybrid',
    );
    expect(filtersToSearchParams(withoutChip(filters, { key: 'state', value: 'Ontario' })).toString()).toBe(
      'country=Canada&mode=hybrid',
    );
    expect(filtersToSearchParams(withoutChip(filters, { key: 'city', value: 'Toronto' })).toString()).toBe(
      'country=Canada&state=Ontario&mode=hybrid',
    );
  });

  it('removing the type, mode, posted or sponsorship chip returns that filter to any', () => {
    const filters = filtersOf('type=featured&mode=onsite&posted=24h&sponsorship=yes');
    let current = filters;
    for (const chip of filterChips(filters)) current = withoutChip(current, chip);
    expect(filtersToSearchParams(current).toString()).toBe('');
  });

  it('"Clear all" removes every chip but keeps the search text and the order', () => {
    const filters = filtersOf('q=data&sort=relevant&type=new-grad&country=Canada&category=ai-ml-data&sponsorship=yes');
    const cleared = withoutChips(filters);
    expect(filterChips(cleared)).toEqual([]);
    expect(filtersToSearchParams(cleared).toString()).toBe('q=data&sort=relevant');
  });
});
