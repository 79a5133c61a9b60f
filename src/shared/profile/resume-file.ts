// Spec section 5, "Resume upload on the account page", and section 9: PDF only, at most 5 MB, the file name reduced
// to letters and spaces plus '.pdf'. Shared so the form refuses a file before uploading it; the server decides.

export const maxResumeBytes = 5 * 1024 * 1024;

export const resumeMessages = {
  notPdf: 'Please upload a PDF document.',
  badName: 'Name must only contain letters or spaces.',
  tooLarge: 'File size must be less than 5MB',
  // 429 from either upload route (the profile resume, an application): see src/server/http/upload-slots.ts.
  uploadInProgress: 'Another upload from your account is still in progress. Please wait for it to finish.',
} as const;

const maxNameLength = 100;

export type ResumeFileNameResult = { ok: true; fileName: string } | { ok: false; error: string };

/**
 * 'C:\\fakepath\\My CV (2025).pdf' -> 'My CV.pdf'. Only the last path segment counts (a name like
 * '../../etc/passwd.pdf' becomes 'passwd.pdf'), a trailing '.pdf' is dropped, then everything but letters (any
 * script, so 'Curriculum Vitæ' keeps its æ) and spaces is removed and runs of spaces are collapsed.
 */
export function resumeFileName(originalName: string): ResumeFileNameResult {
  const lastSegment = originalName.split(/[/\\]/).pop() ?? '';
  const stem = lastSegment.normalize('NFC').replace(/\.pdf$/i, '');
  const name = stem
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L} ]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, maxNameLength)
    .trim();
  if (!name) return { ok: false, error: resumeMessages.badName };
  return { ok: true, fileName: `${name}.pdf` };
}

const pdfHeader = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const eofMarker = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
// Writers may append whitespace or a little garbage after %%EOF; readers search the tail of the file.
const eofSearchWindow = 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (at + prefix.length > bytes.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/**
 * Judges the content, never the name or the declared type: the file must start with '%PDF-' and a version
 * ('%PDF-1.7', '%PDF-2.0') and carry the '%%EOF' end marker within its last kilobyte.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, pdfHeader)) return false;
  const major = bytes[5];
  const dot = bytes[6];
  const minor = bytes[7];
  const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
  if (!isDigit(major) || dot !== 0x2e || !isDigit(minor)) return false;
  const from = Math.max(8, bytes.length - eofSearchWindow);
  for (let index = bytes.length - eofMarker.length; index >= from; index -= 1) {
    if (startsWith(bytes, eofMarker, index)) return true;
  }
  return false;
}
