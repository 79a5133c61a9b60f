import { isPdf, maxResumeBytes, resumeFileName, resumeMessages } from '../../../shared/profile/resume-file.ts';

// Spec section 5, resume upload on the account page: PDF only (judged by content, like the server), the name reduced
// to letters and spaces plus '.pdf'. The server checks again; this only spares a doomed upload.

export type ResumeCheck =
  | { ok: true; file: File }
  /** `kind` picks the toast title: 'Invalid file type' or 'Invalid file name'. */
  | { ok: false; kind: 'type' | 'name' | 'size'; message: string };

/** The first bytes and the tail are all isPdf needs; reading them spares loading a large file whole. */
async function headAndTail(file: Blob): Promise<Uint8Array> {
  if (file.size <= 4096) return new Uint8Array(await file.arrayBuffer());
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const tail = new Uint8Array(await file.slice(file.size - 2048).arrayBuffer());
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head, 0);
  joined.set(tail, head.length);
  return joined;
}

/** Checks a chosen file and answers it renamed ('My CV (2025).pdf' -> 'My CV.pdf'), or the message to show. */
export async function checkResumeFile(file: File): Promise<ResumeCheck> {
  if (file.size > maxResumeBytes) return { ok: false, kind: 'size', message: resumeMessages.tooLarge };
  if (!isPdf(await headAndTail(file))) return { ok: false, kind: 'type', message: resumeMessages.notPdf };
  const name = resumeFileName(file.name);
  if (!name.ok) return { ok: false, kind: 'name', message: name.error };
  return {
    ok: true,
    file: new File([file], name.fileName, { type: 'application/pdf', lastModified: file.lastModified }),
  };
}
