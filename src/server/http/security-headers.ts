import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The headers every answer carries, and the Content-Security-Policy of the app's HTML (docs/decisions/028).
// Scripts: the app's own files plus the exact inline start-up scripts of each page, named by their SHA-256 (no
// 'unsafe-inline'); Firebase sign-in's script, frames and API hosts. Styles keep 'unsafe-inline': Emotion writes the
// app's styles at run time and the prerendered pages carry theirs inline.

export type PagePolicyOptions = {
  /** The Firebase auth domain whose page the sign-in popups and redirects open (`<project>.firebaseapp.com`). */
  firebaseAuthDomain: string;
  /** The Auth emulator's origin as a page on `hostname` is told to reach it (development and tests); else null. */
  emulatorOrigin: (hostname: string) => string | null;
};

/** The origins Firebase Auth's web SDK talks to: its REST APIs, the Google API loader for popups, the auth page. */
const firebaseConnectOrigins = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
const googleScriptOrigin = 'https://apis.google.com';

/** Browser features the app never uses: a page that tries is refused. */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types the browser runs (others, such as application/ld+json, are data). */
const executableType = /^\s*(|text\/javascript|application\/javascript|module)\s*$/i;

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The hashes of the inline scripts an HTML document runs (in document order, without repeats). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScriptPattern)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!executableType.test(type)) continue;
    hashes.add(scriptHash(match[2] ?? ''));
  }
  return [...hashes];
}

/** The policy of one HTML answer. `scriptHashes` are the page's inline scripts; `emulatorOrigin` see above. */
export function pageContentSecurityPolicy(
  firebaseAuthDomain: string,
  scriptHashes: readonly string[],
  emulatorOrigin: string | null,
): string {
  const authPage = `https://${firebaseAuthDomain}`;
  const emulator = emulatorOrigin ? [emulatorOrigin] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, googleScriptOrigin]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...firebaseConnectOrigins, ...emulator]],
    // The resume preview shows a PDF from a blob: URL; sign-in popups talk to the auth page's iframe.
    ['frame-src', ["'self'", 'blob:', authPage, ...emulator]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

export type SecurityHeadersOptions = PagePolicyOptions & {
  /** Whether the app is served over https (PUBLIC_URL): then browsers are told to keep to it. */
  https: boolean;
};

const contentSecurityPolicy = 'content-security-policy';

/** Sets the policy of an HTML answer whose inline scripts are known (prerendered pages: hashed once per file). */
export function setPagePolicy(
  request: FastifyRequest,
  reply: FastifyReply,
  options: PagePolicyOptions,
  scriptHashes: readonly string[],
): FastifyReply {
  const policy = pageContentSecurityPolicy(
    options.firebaseAuthDomain,
    scriptHashes,
    options.emulatorOrigin(request.hostname),
  );
  return reply.header(contentSecurityPolicy, policy);
}

/**
 * Headers on every answer. An HTML answer that set no policy of its own gets the page policy, with the hashes of
 * whatever inline scripts it carries (none for the SPA shell); answers that set one (PDFs, logos) keep theirs.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', permissionsPolicy);
    if (options.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader(contentSecurityPolicy)) {
      setPagePolicy(request, reply, options, typeof payload === 'string' ? inlineScriptHashes(payload) : []);
    }
    return payload;
  });
}
