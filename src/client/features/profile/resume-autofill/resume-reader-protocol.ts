import type { ResumeFields } from '../../../../shared/profile/resume-fields.ts';

// Messages between the page and the resume reader's worker (resume-reader.worker.ts).

export type ResumeReadRequest = { id: number; bytes: ArrayBuffer };

/** Sent once PDF.js is loaded in the worker: from then on a file is read without the network. */
export type ResumeReaderReady = { ready: true };

export type ResumeReadReply =
  | { id: number; ok: true; fields: ResumeFields; milliseconds: number }
  | { id: number; ok: false; reason: 'unreadable' };
