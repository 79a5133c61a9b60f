import { describe, expect, it } from 'vitest';
import { isPdf, resumeFileName } from './resume-file.ts';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
const minimalPdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

describe('resumeFileName', () => {
  it.each([
    ['Ada Lovelace CV.pdf', 'Ada Lovelace CV.pdf'],
    ['My CV (2025) final!.PDF', 'My CV final.pdf'],
    ['resume', 'resume.pdf'],
    ['Curriculum Vitæ Élodie.pdf', 'Curriculum Vitæ Élodie.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ada\\Resume.pdf', 'Resume.pdf'],
    ['two  \t spaces\nand a newline.pdf', 'two spaces and a newline.pdf'],
    ['report.exe', 'reportexe.pdf'],
    ['.pdf.pdf', 'pdf.pdf'],
  ])('%j -> %j', (original, expected) => {
    expect(resumeFileName(original)).toEqual({ ok: true, fileName: expected });
  });

  it.each(['2025.pdf', '.pdf', '', '../../..', '___ 123 ___.pdf', '/'])(
    'refuses %j: nothing left but the extension',
    (original) => {
      expect(resumeFileName(original)).toEqual({ ok: false, error: 'Name must only contain letters or spaces.' });
    },
  );

  it('keeps a very long name to 100 characters plus .pdf', () => {
    const result = resumeFileName(`${'a'.repeat(300)}.pdf`);
    expect(result).toEqual({ ok: true, fileName: `${'a'.repeat(100)}.pdf` });
  });
});

describe('isPdf', () => {
  it('accepts a file that starts with %PDF-x.y and ends with %%EOF', () => {
    expect(isPdf(bytes(minimalPdf))).toBe(true);
    expect(isPdf(bytes('%PDF-2.0\n%%EOF'))).toBe(true);
  });

  it('accepts trailing whitespace or a little garbage after %%EOF', () => {
    expect(isPdf(bytes(`${minimalPdf}\r\n\r\n${' '.repeat(500)}`))).toBe(true);
  });

  it.each([
    ['an empty file', ''],
    ['a renamed executable', 'MZ\u0090\u0000\u0003 This program cannot be run in DOS mode'],
    ['text mentioning PDF', 'hello %PDF-1.4 %%EOF'],
    ['a truncated PDF (no end marker)', '%PDF-1.7\n1 0 obj<<>>endobj\n'],
    ['a header without a version', '%PDF-\n%%EOF'],
    ['the end marker only far from the end', `%PDF-1.4\n%%EOF${'x'.repeat(2000)}`],
  ])('refuses %s', (_label, content) => {
    expect(isPdf(bytes(content))).toBe(false);
  });
});
