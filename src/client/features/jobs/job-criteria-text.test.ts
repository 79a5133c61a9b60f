import { describe, expect, it } from 'vitest';
import { i18n, resources } from '../../i18n/i18n.ts';
import { criteriaLabels, criteriaText, degreeText, sponsorshipTone } from './job-criteria-text.ts';

const english = criteriaLabels(i18n.getFixedT('en', 'jobs'));
const french = criteriaLabels(i18n.getFixedT('fr', 'jobs'));

describe('criteriaText', () => {
  it('reads family, terms and degrees in one line, in each language', () => {
    const job = {
      featured: true,
      family: 'software' as const,
      termKeys: ['summer-2026', 'fall-2026'],
      degreeLevels: ['bachelor' as const, 'master' as const],
    };
    expect(criteriaText(job, english)).toBe("Software · Summer 2026, Fall 2026 · Bachelor's, Master's");
    expect(criteriaText(job, french)).toBe('Logiciel · Été 2026, Automne 2026 · Baccalauréat, Maîtrise');
  });

  it('says "Any degree" for a featured job posted with a family, "Degree not stated" for the rest', () => {
    expect(degreeText({ featured: true, family: 'quant', degreeLevels: [] }, english)).toBe('Any degree');
    expect(degreeText({ featured: true, family: null, degreeLevels: [] }, english)).toBe('Degree not stated');
    expect(degreeText({ featured: false, family: 'software', degreeLevels: [] }, english)).toBe('Degree not stated');
    expect(criteriaText({ featured: false, family: 'hardware', termKeys: [] }, english)).toBe(
      'Hardware · Degree not stated',
    );
  });

  it('leaves what is not stated off a card, and reads a copy saved without criteria as nothing', () => {
    expect(criteriaText({ featured: false, family: 'hardware', termKeys: [], degreeLevels: [] }, english, true)).toBe(
      'Hardware',
    );
    expect(criteriaText({ featured: true, family: 'product', degreeLevels: [] }, english, true)).toBe(
      'Product · Any degree',
    );
    expect(criteriaText({ featured: false }, english, true)).toBe('');
  });
});

describe('sponsorshipTone', () => {
  it('warns a student who needs sponsorship about a job that does not sponsor, and nobody else', () => {
    expect(sponsorshipTone('no', true)).toBe('warning');
    expect(sponsorshipTone('no', false)).toBe('neutral');
    expect(sponsorshipTone('yes', true)).toBe('positive');
    expect(sponsorshipTone('unknown', true)).toBe('neutral');
  });
});

describe('criteria labels', () => {
  it('has every family, degree, season and sponsorship in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const criteria = resources[locale].jobs.criteria;
      expect(Object.keys(criteria.family).sort(), locale).toEqual([
        'ai-ml-data',
        'hardware',
        'other',
        'product',
        'quant',
        'software',
      ]);
      expect(Object.keys(criteria.degree).sort(), locale).toEqual([
        'associate',
        'bachelor',
        'master',
        'mba',
        'other',
        'phd',
      ]);
      expect(Object.keys(criteria.season).sort(), locale).toEqual(['fall', 'spring', 'summer', 'winter']);
      expect(Object.keys(criteria.sponsorship).sort(), locale).toEqual(['no', 'unknown', 'yes']);
    }
  });
});
