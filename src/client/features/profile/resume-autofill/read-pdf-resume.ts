import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import { parseResumePages } from '../../../../shared/resume/parse-resume.ts';
import { readPdfPages, type PdfJsDocument } from '../../../../shared/resume/pdf-text.ts';

import { preparePdfJs } from '../../../lib/pdfjs.ts';
import { warmUpResumeBytes } from './warm-up-resume.ts';

export { preparePdfJs };

/** The fields a PDF resume proposes, read with PDF.js; null when the file cannot be read as a PDF. */
export async function readPdfResume(bytes: ArrayBuffer): Promise<ResumeFields | null> {
  const { getDocument } = await preparePdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useWorkerFetch: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    return parseResumePages(await readPdfPages(document as unknown as PdfJsDocument));
  } catch {
    return null;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * Reads the built-in resume once, so that the student's first file finds PDF.js's and the parser's code compiled: at
 * 4x CPU slowdown the first read of a session otherwise takes 350-700 ms instead of 100-200. True when it was read.
 */
export async function warmUpPdfResume(): Promise<boolean> {
  return (await readPdfResume(warmUpResumeBytes())) !== null;
}
