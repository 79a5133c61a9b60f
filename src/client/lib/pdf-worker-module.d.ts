// PDF.js's parser, imported into the resume reader's worker so that PDF.js runs it there (no typings ship with it).
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
