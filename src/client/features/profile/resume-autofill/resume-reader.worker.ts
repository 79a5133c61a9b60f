// The resume reader's worker: opens a PDF with PDF.js and parses it off the page's thread (read-resume.ts starts it).
// It fetches nothing: the file arrives as bytes and the fields go back as a message.
import { preparePdfJs, readPdfResume, warmUpPdfResume } from './read-pdf-resume.ts';
import type { ResumeReaderReady, ResumeReadReply, ResumeReadRequest } from './resume-reader-protocol.ts';

/** The parts of a dedicated worker's global scope used here (the project's types are the page's). */
interface ResumeWorkerScope {
  onmessage: ((event: MessageEvent<ResumeReadRequest>) => void) | null;
  postMessage(reply: ResumeReadReply | ResumeReaderReady): void;
}

const scope = self as unknown as ResumeWorkerScope;

// Loaded as soon as the worker starts (when a page that offers autofill opens): a file chosen after the connection
// dropped is still read. A built-in resume is then read once, so the student's first file finds the code compiled.
void preparePdfJs()
  .then(() => warmUpPdfResume().catch(() => false))
  .then(
    () => scope.postMessage({ ready: true }),
    (error: unknown) => console.warn('[resume-reader] PDF.js did not load', error),
  );

scope.onmessage = (event) => {
  const { id, bytes } = event.data;
  const started = performance.now();
  void readPdfResume(bytes).then(
    (fields) =>
      scope.postMessage(
        fields
          ? { id, ok: true, fields, milliseconds: performance.now() - started }
          : { id, ok: false, reason: 'unreadable' },
      ),
    () => scope.postMessage({ id, ok: false, reason: 'unreadable' }),
  );
};
