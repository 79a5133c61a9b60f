import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import { parseResumePages } from '../../../../shared/resume/parse-resume.ts';
import { readPdfPages, type PdfJsDocument } from '../../../../shared/resume/pdf-text.ts';

import { preparePdfJs } from '../../../lib/pdfjs.ts';

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
