import { describe, expect, it } from 'vitest';
import { emptyAnswers } from '../application-prefill.ts';
import type { OutboxRecord } from '../../../db/records/apply-records.ts';
import { applicationBody } from './submit-application.ts';

function buildRecord(overrides: Partial<OutboxRecord> = {}): OutboxRecord {
  return {
    id: 'key-123456',
    uid: 'user-1',
    jobSlug: 'backend-intern',
    jobId: 'job-1',
    query: {},
    answers: { ...emptyAnswers, firstName: 'Ada', graduationYear: '2027', coverLetter: 'Hi' },
    resume: { kind: 'saved', resume: { id: 'resume-1', url: '/profile/resume' }, name: 'CV.pdf' },
    devpost: null,
    status: 'sending',
    attempts: 1,
    nextAttemptAt: 0,
    leaseUntil: null,
    error: null,
    lastStatus: null,
    receipt: null,
    jobSummary: { title: 'Backend Intern', organizationName: null, organizationLogo: null, type: null, location: null },
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

describe('application request body', () => {
  it('is JSON with resume {id, url} when the profile resume was chosen', () => {
    const body = applicationBody(buildRecord());
    expect(typeof body).toBe('string');
    expect(JSON.parse(body as string)).toMatchObject({
      firstName: 'Ada',
      graduationYear: '2027',
      coverLetter: 'Hi',
      resume: { id: 'resume-1', url: '/profile/resume' },
      devpost: null,
    });
  });

  it('is multipart with each answer as a field, devpost as JSON text and the PDF as the resume part', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n%%EOF').buffer;
    const devpost = { username: 'ada-dev' } as unknown as OutboxRecord['devpost'];
    const body = applicationBody(
      buildRecord({
        devpost,
        resume: {
          kind: 'file',
          file: { name: 'Ada CV.pdf', type: 'application/pdf', size: bytes.byteLength, lastModified: 1, bytes },
        },
      }),
    );
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('firstName')).toBe('Ada');
    expect(form.get('linkedinUrl')).toBe('');
    expect(JSON.parse(form.get('devpost') as string)).toEqual({ username: 'ada-dev' });
    const resume = form.get('resume') as File;
    expect(resume.name).toBe('Ada CV.pdf');
    expect(resume.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await resume.arrayBuffer())).toBe('%PDF-1.4\n%%EOF');
  });

  it('carries the screening answers and the wizard’s skills in both shapes, and nothing for an older entry', () => {
    const extra = { screening: { 'q-visa': 'no' }, skills: ['TypeScript'] };
    expect(JSON.parse(applicationBody(buildRecord(extra)) as string)).toMatchObject({
      screeningAnswers: { 'q-visa': 'no' },
      skills: ['TypeScript'],
    });
    const bytes = new TextEncoder().encode('%PDF-1.4\n%%EOF').buffer;
    const form = applicationBody(
      buildRecord({
        ...extra,
        resume: { kind: 'file', file: { name: 'CV.pdf', type: 'application/pdf', size: 1, lastModified: 1, bytes } },
      }),
    ) as FormData;
    expect(JSON.parse(form.get('screeningAnswers') as string)).toEqual({ 'q-visa': 'no' });
    expect(JSON.parse(form.get('skills') as string)).toEqual(['TypeScript']);
    const older = JSON.parse(applicationBody(buildRecord()) as string) as Record<string, unknown>;
    expect(older).not.toHaveProperty('screeningAnswers');
    expect(older).not.toHaveProperty('skills');
  });
});
