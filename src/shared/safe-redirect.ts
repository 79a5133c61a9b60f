// A redirect target taken from a query parameter (e.g. `?redirectUrl=`) is attacker-controlled: honouring
// `//evil.example` or `/\evil.example` would send a freshly signed-in user to another site (open redirect).
// Only same-origin paths pass; everything else falls back.

// C0 controls, DEL and C1 controls: browsers strip tabs/newlines inside URLs, which turns `/\t/evil` into `//evil`.
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

const probeOrigin = 'https://same-origin.invalid';

function isSafePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  // `//host` is protocol-relative and browsers read `/\host` the same way.
  if (path.startsWith('//') || path.startsWith('/\\')) return false;
  if (hasControlCharacter(path)) return false;
  return true;
}

/** Decodes percent-escapes repeatedly so `/%2F%2Fevil` is judged as the `//evil` a server or router may later see. */
function decodedForms(value: string): string[] | undefined {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return undefined; // malformed escapes: refuse rather than guess
    }
    if (decoded === current) break;
    forms.push(decoded);
    current = decoded;
  }
  return forms;
}

/**
 * Returns `value` when it is a same-origin path (`/jobs?type=internship#top`), otherwise `fallback`.
 * Rejects absolute and protocol-relative URLs, `javascript:` and other schemes, backslash tricks,
 * percent-encoded variants of those, control characters and leading whitespace.
 */
export function safeRedirectPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0) return fallback;
  const forms = decodedForms(value);
  if (!forms || !forms.every(isSafePath)) return fallback;
  // Defence in depth: let the URL parser (the browser's own rules) confirm the origin does not change.
  try {
    if (new URL(value, probeOrigin).origin !== probeOrigin) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
