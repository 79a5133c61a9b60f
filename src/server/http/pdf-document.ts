// PDF.js is loaded on the first upload, not at start: with the native canvas module it pulls in, it is ~15 MB of
// resident memory that a server answering the board never needs.
let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

// A resume is accepted only when PDF.js (Mozilla's reader, the one in Firefox) can open it and finds at least one
// page: a file that merely starts with %PDF- and ends with %%EOF (an HTML page dressed as a PDF) is refused.
// The header/trailer check (shared isPdf) stays as the cheap first filter, and the client's.

/** The number of pages of `bytes` as a PDF, or null when it cannot be opened as one (or is encrypted). */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    // A copy: PDF.js may take ownership of (detach) the buffer it is given.
    data: new Uint8Array(bytes),
    stopAtErrors: true,
    disableFontFace: true,
    useWorkerFetch: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    return document.numPages;
  } catch {
    return null;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

export async function isReadablePdf(bytes: Uint8Array): Promise<boolean> {
  const pages = await pdfPageCount(bytes);
  return pages !== null && pages >= 1;
}
