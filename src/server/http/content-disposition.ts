/** `inline; filename="My CV.pdf"; filename*=UTF-8''...`: an ASCII fallback and the exact UTF-8 name. */
export function inlineContentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .trim();
  const fallback = ascii && ascii !== '.pdf' ? ascii : 'resume.pdf';
  // RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * alone, which are not allowed there.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
