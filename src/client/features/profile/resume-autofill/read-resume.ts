import { jsonResumeToFields } from '../../../../shared/profile/json-resume.ts';
import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';
import type { ResumeReaderReady, ResumeReadReply, ResumeReadRequest } from './resume-reader-protocol.ts';

// Reads a resume the student chose, on this device: a PDF in a Web Worker (PDF.js and the parser never block the
// page, and the file never leaves the browser), a resume.json (JSON Resume 1.0) directly. Nothing here uses the
// network, so it works offline.

export type ResumeReadOutcome =
  | { ok: true; fields: ResumeFields; milliseconds: number }
  | { ok: false; reason: 'unreadable' | 'not_json' | 'not_a_resume' };

let worker: Worker | null = null;
let workerUnavailable = false;
let nextId = 1;
const pending = new Map<number, (reply: ResumeReadReply) => void>();
let markReady: (() => void) | null = null;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function failPending(): void {
  for (const [id, resolve] of pending) resolve({ id, ok: false, reason: 'unreadable' });
  pending.clear();
}

function readerWorker(): Worker | null {
  if (worker || workerUnavailable) return worker;
  if (typeof Worker === 'undefined') {
    workerUnavailable = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./resume-reader.worker.ts', import.meta.url), {
      type: 'module',
      name: 'resume-reader',
    });
  } catch (error) {
    console.warn('[profile] the resume reader could not start a worker; reading on the page', error);
    workerUnavailable = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<ResumeReadReply | ResumeReaderReady>) => {
    if ('ready' in event.data) {
      markReady?.();
      return;
    }
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    resolve?.(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    console.warn('[profile] the resume reader stopped', event.message);
    worker?.terminate();
    worker = null;
    workerUnavailable = true;
    failPending();
  };
  return worker;
}

async function readPdf(bytes: ArrayBuffer): Promise<ResumeReadOutcome> {
  const target = readerWorker();
  if (!target) {
    const started = performance.now();
    const { readPdfResume } = await import('./read-pdf-resume.ts');
    const fields = await readPdfResume(bytes);
    return fields
      ? { ok: true, fields, milliseconds: performance.now() - started }
      : { ok: false, reason: 'unreadable' };
  }
  const id = nextId++;
  const reply = await new Promise<ResumeReadReply>((resolve) => {
    pending.set(id, resolve);
    const request: ResumeReadRequest = { id, bytes };
    target.postMessage(request, [bytes]);
  });
  return reply.ok ? { ok: true, fields: reply.fields, milliseconds: reply.milliseconds } : reply;
}

/** Starts the reader ahead of use, so PDF.js is loaded while the page is online (and its code compiled by a first
 * read of a built-in resume); resolves once it is. */
export function warmResumeReader(): Promise<void> {
  if (!readerWorker())
    return import('./read-pdf-resume.ts').then(({ preparePdfJs }) => preparePdfJs().then(() => undefined));
  return ready;
}

const isJson = (file: File) => file.type === 'application/json' || /\.json$/i.test(file.name);

/** The fields a chosen resume proposes (a PDF or a resume.json), read on this device. */
export async function readResume(file: File): Promise<ResumeReadOutcome> {
  if (isJson(file)) {
    const started = performance.now();
    const fields = jsonResumeToFields(await file.text());
    return typeof fields === 'string'
      ? { ok: false, reason: fields }
      : { ok: true, fields, milliseconds: performance.now() - started };
  }
  return readPdf(await file.arrayBuffer());
}
