import { describe, expect, it } from 'vitest';
import { emptyJobForm, jobFormSchema, termChoices, toRequestFields } from './job-form-model.ts';

const valid = {
  ...emptyJobForm(),
  title: 'Backend intern',
  location: 'Montréal',
  description: 'Build APIs.',
  requirements: 'TypeScript',
  family: 'software' as const,
};

describe('job form model', () => {
  it('accepts a complete form and builds the request with numbers and nulls', () => {
    const form = { ...valid, salaryMin: '50000', salaryMax: '60000', salaryCurrency: 'CAD', skills: ['TypeScript'] };
    expect(jobFormSchema.safeParse(form).success).toBe(true);
    expect(toRequestFields(form)).toMatchObject({
      salaryMin: 50000,
      salaryMax: 60000,
      salaryCurrency: 'CAD',
      deadline: null,
    });
  });

  it('names each missing field with the required key', () => {
    const result = jobFormSchema.safeParse(emptyJobForm());
    expect(result.success).toBe(false);
    const paths = result.error!.issues.filter((issue) => issue.message === 'required').map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['title', 'location', 'description', 'requirements', 'family']));
  });

  it('refuses a maximum below the minimum, a salary without currency and a deadline before posting', () => {
    const result = jobFormSchema.safeParse({
      ...valid,
      salaryMin: '60000',
      salaryMax: '50000',
      deadline: '2000-01-01',
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({ salaryMax: 'salaryOrder', salaryCurrency: 'currency', deadline: 'deadlineOrder' });
  });

  it('applies the profile skills rules (no case-insensitive duplicates)', () => {
    const result = jobFormSchema.safeParse({ ...valid, skills: ['React', 'react'] });
    expect(result.error!.issues.map((issue) => issue.message)).toContain('skills');
  });

  it('sends the terms of an internship only, and the degrees and sponsorship as chosen', () => {
    const form = { ...valid, terms: ['summer-2027'], degreeLevels: ['bachelor' as const], sponsorship: 'yes' as const };
    expect(toRequestFields(form)).toMatchObject({
      family: 'software',
      terms: ['summer-2027'],
      degreeLevels: ['bachelor'],
      sponsorship: 'yes',
    });
    expect(toRequestFields({ ...form, type: 'Full-time' })).toMatchObject({ terms: [], degreeLevels: ['bachelor'] });
  });
});

describe('term choices', () => {
  it('lists the next six terms that have not ended, in calendar order', () => {
    // 10 May 2026: winter 2026 has ended (April), spring 2026 has not (June).
    expect(termChoices(new Date('2026-05-10T12:00:00Z'))).toEqual([
      'spring-2026',
      'summer-2026',
      'fall-2026',
      'winter-2027',
      'spring-2027',
      'summer-2027',
    ]);
  });

  it('keeps a job’s past term in the list, in its place', () => {
    expect(termChoices(new Date('2026-11-26T12:00:00Z'), ['summer-2026'], 3)).toEqual([
      'summer-2026',
      'fall-2026',
      'winter-2027',
      'spring-2027',
    ]);
  });
});
