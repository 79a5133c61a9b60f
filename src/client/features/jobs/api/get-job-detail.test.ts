import { describe, expect, it } from 'vitest';
import { jobAccessQuery, parsePublicJobView } from './get-job-detail.ts';
import { applyPath } from '../job-links.ts';

describe('parsePublicJobView', () => {
  const job = { id: 7, title: 'Data Intern', type: 'Internship', location: 'Remote', postingDate: '2026-01-05' };

  it('reads the wrapped form {job, organization}', () => {
    const view = parsePublicJobView({
      job,
      organization: { name: 'Fox Labs', logo: '/api/public/files/logos/fox.png' },
    });
    expect(view.job).toMatchObject({ id: '7', title: 'Data Intern', description: null, endPostingDate: null });
    expect(view.organization).toEqual({ name: 'Fox Labs', logo: '/api/public/files/logos/fox.png' });
  });

  it('reads a bare job (spec: the answer may be the job itself), without an organization', () => {
    const view = parsePublicJobView(job);
    expect(view.job.title).toBe('Data Intern');
    expect(view.organization).toBeNull();
  });

  it('reads the criteria, and a copy without them (or with values it does not know) as not stated', () => {
    const stated = parsePublicJobView({
      job: { ...job, family: 'quant', termKeys: ['summer-2027'], degreeLevels: ['phd'], sponsorship: 'no' },
    });
    expect(stated.job).toMatchObject({
      family: 'quant',
      termKeys: ['summer-2027'],
      degreeLevels: ['phd'],
      sponsorship: 'no',
    });
    expect(parsePublicJobView({ job }).job).toMatchObject({
      family: null,
      termKeys: [],
      degreeLevels: [],
      sponsorship: 'unknown',
    });
    const odd = parsePublicJobView({
      job: {
        ...job,
        family: 'law',
        termKeys: ['summer-2027', 'someday', 3],
        degreeLevels: 'phd',
        sponsorship: 'maybe',
      },
    });
    expect(odd.job).toMatchObject({
      family: null,
      termKeys: ['summer-2027'],
      degreeLevels: [],
      sponsorship: 'unknown',
    });
  });

  it('refuses an answer without a title', () => {
    expect(() => parsePublicJobView({ job: { id: '1' } })).toThrow();
  });
});

describe('token and sharedId carried along', () => {
  it('builds the query with only the values present', () => {
    expect(jobAccessQuery({ token: 'tok 1', sharedId: null })).toBe('?token=tok+1');
    expect(jobAccessQuery({ sharedId: 'abc' })).toBe('?sharedId=abc');
    expect(jobAccessQuery({})).toBe('');
  });

  it('points the apply button at /jobs/{slug}/apply with them', () => {
    expect(applyPath('backend-intern', 'secret', null)).toBe('/jobs/backend-intern/apply?token=secret');
    expect(applyPath('42', null, 'share-1')).toBe('/jobs/42/apply?sharedId=share-1');
    expect(applyPath('42', null, null)).toBe('/jobs/42/apply');
  });
});
