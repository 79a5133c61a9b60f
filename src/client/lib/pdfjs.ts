// PDF.js opened inside the calling thread (the resume reader's worker, or the page): its own parsing worker is not
// started, so nothing is fetched and the file stays in this thread. Loaded on first use: PDF.js is a chunk of its own.

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
