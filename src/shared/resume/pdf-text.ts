// The text of a PDF as positioned pieces, read with PDF.js (the same reader the server checks uploads with). Only the
// few PDF.js calls used here are described, structurally, so this file imports nothing and runs in a Web Worker, in
// the browser's main thread or in Node.

/** One run of text: where it starts (x from the left, y of the baseline from the top of its page) and its size. */
export type PdfTextItem = {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points. */
  size: number;
  /** The font's name inside the document (bold and regular differ). */
  font: string;
};

/** A link area of the page (a word such as "GitHub" that opens an address). */
export type PdfLink = { url: string; x: number; y: number; width: number; height: number };

export type PdfPageText = { width: number; height: number; items: PdfTextItem[]; links: PdfLink[] };

type PdfJsTextItem = { str?: string; transform?: number[]; width?: number; height?: number; fontName?: string };
type PdfJsAnnotation = { subtype?: string; url?: string; unsafeUrl?: string; rect?: number[] };

export type PdfJsPage = {
  getViewport(options: { scale: number }): { width: number; height: number };
  getTextContent(): Promise<{ items: unknown[] }>;
  getAnnotations(): Promise<unknown[]>;
  cleanup?(): void;
};

export type PdfJsDocument = { numPages: number; getPage(pageNumber: number): Promise<PdfJsPage> };

/** A resume longer than this is not a resume: its later pages are not read. */
export const maxResumePages = 4;

function textItemOf(raw: PdfJsTextItem, pageHeight: number): PdfTextItem | null {
  const text = raw.str ?? '';
  if (text.trim() === '' || !raw.transform || raw.transform.length < 6) return null;
  const [a = 0, b = 0, , , x = 0, baseline = 0] = raw.transform;
  const size = Math.hypot(a, b) || raw.height || 0;
  if (size <= 0) return null;
  return { text, x, y: pageHeight - baseline, width: raw.width ?? 0, size, font: raw.fontName ?? '' };
}

function linkOf(raw: PdfJsAnnotation, pageHeight: number): PdfLink | null {
  const url = raw.url ?? raw.unsafeUrl;
  if (raw.subtype !== 'Link' || !url || !raw.rect || raw.rect.length < 4) return null;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = raw.rect;
  return {
    url,
    x: Math.min(x1, x2),
    y: pageHeight - Math.max(y1, y2),
    width: Math.abs(x2 - x1),
    height: Math.abs(y2 - y1),
  };
}

/** The positioned text and links of the first pages of an opened PDF. */
export async function readPdfPages(document: PdfJsDocument, pageLimit = maxResumePages): Promise<PdfPageText[]> {
  const pages: PdfPageText[] = [];
  for (let pageNumber = 1; pageNumber <= Math.min(document.numPages, pageLimit); pageNumber += 1) {
    const page = await document.getPage(pageNumber);
    const { width, height } = page.getViewport({ scale: 1 });
    const [content, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations()]);
    pages.push({
      width,
      height,
      items: content.items.flatMap((item) => textItemOf(item as PdfJsTextItem, height) ?? []),
      links: annotations.flatMap((annotation) => linkOf(annotation as PdfJsAnnotation, height) ?? []),
    });
    page.cleanup?.();
  }
  return pages;
}
