import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResumeFields } from '../../src/shared/profile/resume-fields.ts';
import { parseResumePages } from '../../src/shared/resume/parse-resume.ts';
import { readPdfPages, type PdfJsDocument } from '../../src/shared/resume/pdf-text.ts';
import type { ExpectedResumeFields } from '../../src/shared/resume/resume-score.ts';

// The labelled resumes of tests/fixtures/resumes (written by scripts/generate-resumes.mjs), read in Node with the
// same PDF.js calls and parser the browser's worker uses.

export const resumeSetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'resumes');

export type LabelledResume = {
  id: string;
  bytes: Uint8Array;
  layout: string;
  language: 'en' | 'fr';
  pages: number;
  expected: ExpectedResumeFields;
};

export function loadResumeSet(): LabelledResume[] {
  return readdirSync(resumeSetDir)
    .filter((file) => file.endsWith('.pdf'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.pdf$/, '');
      const label = JSON.parse(readFileSync(path.join(resumeSetDir, `${id}.json`), 'utf8')) as Omit<
        LabelledResume,
        'id' | 'bytes'
      >;
      return { id, bytes: new Uint8Array(readFileSync(path.join(resumeSetDir, file))), ...label };
    });
}

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

/** Opens the PDF and parses it; `milliseconds` covers both, as the worker does. */
export async function parseResumeFile(bytes: Uint8Array): Promise<{ fields: ResumeFields; milliseconds: number }> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const started = performance.now();
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useWorkerFetch: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const fields = parseResumePages(await readPdfPages(document as unknown as PdfJsDocument));
    return { fields, milliseconds: performance.now() - started };
  } finally {
    await task.destroy();
  }
}
