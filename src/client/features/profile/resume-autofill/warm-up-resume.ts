import warmUpResume from './warm-up-resume.pdf?inline';

/**
 * The bytes of a small built-in resume (two columns, French; written by `npm run generate:resumes`, outside the
 * labelled set). The reader's worker reads it once when it starts so that PDF.js's and the parser's code is compiled
 * before the student's own file arrives (docs/benchmarks/resume.md).
 */
export function warmUpResumeBytes(): ArrayBuffer {
  const base64 = warmUpResume.slice(warmUpResume.indexOf(',') + 1);
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)).buffer;
}
