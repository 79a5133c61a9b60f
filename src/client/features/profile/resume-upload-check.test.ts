import { describe, expect, it } from 'vitest';
import { checkResumeFile } from './resume-upload-check.ts';

const minimalPdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

describe('checkResumeFile (account page upload)', () => {
  it('renames an accepted PDF to its letters and spaces plus .pdf', async () => {
    const result = await checkResumeFile(new File([minimalPdf], 'My CV (2025).pdf', { type: 'application/pdf' }));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.file.name).toBe('My CV.pdf');
      expect(result.file.type).toBe('application/pdf');
      expect(await result.file.text()).toBe(minimalPdf);
    }
  });

  it('judges the content, not the name: a renamed executable is refused as a wrong type', async () => {
    const result = await checkResumeFile(new File(['MZ\u0090 This program cannot be run in DOS mode'], 'resume.pdf'));
    expect(result).toEqual({ ok: false, kind: 'type', message: 'Please upload a PDF document.' });
  });

  it('reads the head and tail of a large PDF', async () => {
    const large = `%PDF-1.7\n${'x'.repeat(200_000)}\n%%EOF\n`;
    expect((await checkResumeFile(new File([large], 'Big Resume.pdf'))).ok).toBe(true);
  });

  it('refuses a name with no letters', async () => {
    const result = await checkResumeFile(new File([minimalPdf], '2025.pdf'));
    expect(result).toEqual({ ok: false, kind: 'name', message: 'Name must only contain letters or spaces.' });
  });

  it('refuses a file over 5 MB before reading it', async () => {
    const result = await checkResumeFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'Huge.pdf'));
    expect(result).toEqual({ ok: false, kind: 'size', message: 'File size must be less than 5MB' });
  });
});
