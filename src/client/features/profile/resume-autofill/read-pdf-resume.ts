import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import { parseResumePages } from '../../../../shared/resume/parse-resume.ts';
import { readPdfPages, type PdfJsDocument } from '../../../../shared/resume/pdf-text.ts';

// PDF.js opened inside the calling thread (the resume reader's worker, or the page when workers are unavailable):
// its own parsing worker is not started, so nothing is fetched and the file stays in this thread.

let pdfjs: Promise<typeof import('pdfjs-dist')> | null = null;

async function loadPdfJs(): Promise<typeof import('pdfjs-dist')> {
  const [library, parser] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
  // PDF.js runs its parser in the current thread when it finds it here instead of starting a worker from a URL.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = parser;
  return library;
}

/** Loads PDF.js now, so that a file chosen later (offline too) is read without fetching anything. */
export function preparePdfJs(): Promise<typeof import('pdfjs-dist')> {
  pdfjs ??= loadPdfJs();
  return pdfjs;
}

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
