import { describe, expect, it } from 'vitest';
import { emptyJobForm, jobFormSchema, toRequestFields } from './job-form-model.ts';

const valid = {
  ...emptyJobForm(),
  title: 'Backend intern',
  location: 'Montréal',
  description: 'Build APIs.',
  requirements: 'TypeScript',
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
    expect(paths).toEqual(expect.arrayContaining(['title', 'location', 'description', 'requirements']));
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
});
