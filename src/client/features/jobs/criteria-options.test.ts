import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams } from '../../../shared/jobs/job-filters-schema.ts';
import {
  chosenDegrees,
  chosenFamilies,
  chosenTerms,
  degreeOptions,
  familyOptions,
  termOptions,
} from './criteria-options.ts';

const july2026 = new Date('2026-07-15T12:00:00Z');

describe('options of the family, term and degree filters', () => {
  it('lists the families the result has, in the board order, each with its count', () => {
    const facets = [
      { value: 'quant', count: 2 },
      { value: 'software', count: 40 },
      { value: 'hardware', count: 0 },
    ];
    expect(familyOptions(facets, undefined)).toEqual([
      { value: 'software', count: 40 },
      { value: 'quant', count: 2 },
    ]);
  });

  it('keeps a chosen value listed with count 0 when the result no longer has it', () => {
    expect(familyOptions([{ value: 'software', count: 3 }], ['product'])).toEqual([
      { value: 'software', count: 3 },
      { value: 'product', count: 0 },
    ]);
    expect(degreeOptions([{ value: 'master', count: 5 }], ['phd'])).toEqual([
      { value: 'master', count: 5 },
      { value: 'phd', count: 0 },
    ]);
  });

  it('lists terms in calendar order and hides the ones that have ended, unless asked or chosen', () => {
    const facets = [
      { value: 'summer-2027', count: 1 },
      { value: 'winter-2026', count: 4 },
      { value: 'fall-2026', count: 9 },
      { value: 'summer-2025', count: 2 },
      { value: 'summer-2026', count: 7 },
    ];
    expect(termOptions(facets, undefined, { now: july2026, showPast: false })).toEqual({
      options: [
        { value: 'summer-2026', count: 7 },
        { value: 'fall-2026', count: 9 },
        { value: 'summer-2027', count: 1 },
      ],
      hiddenPast: 2,
    });
    expect(termOptions(facets, undefined, { now: july2026, showPast: true }).options.map((o) => o.value)).toEqual([
      'summer-2025',
      'winter-2026',
      'summer-2026',
      'fall-2026',
      'summer-2027',
    ]);
    // A past term chosen (a shared link, "Match my profile") stays listed, with count 0 if the result lacks it.
    expect(termOptions(facets, ['winter-2025', 'winter-2026'], { now: july2026, showPast: false })).toEqual({
      options: [
        { value: 'winter-2025', count: 0 },
        { value: 'winter-2026', count: 4 },
        { value: 'summer-2026', count: 7 },
        { value: 'fall-2026', count: 9 },
        { value: 'summer-2027', count: 1 },
      ],
      hiddenPast: 1,
    });
  });

  it('new choices are in the order the URL reads them back in, and none is no filter', () => {
    const read = filtersFromSearchParams('category=quant,software&term=fall-2026,summer-2026&degree=phd,bachelor');
    expect(chosenFamilies(['quant', 'software'])).toEqual(read.category);
    expect(chosenTerms(['fall-2026', 'summer-2026', 'fall-2026'])).toEqual(read.term);
    expect(chosenDegrees(['phd', 'bachelor'])).toEqual(read.degree);
    expect(chosenFamilies([])).toBeUndefined();
    expect(chosenTerms(['not-a-term'])).toBeUndefined();
    expect(chosenDegrees([])).toBeUndefined();
  });
});
