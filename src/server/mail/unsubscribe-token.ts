import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed unsubscribe links (RFC 8058 one-click, and the link in the e-mail's footer). A token names what it stops
// (`subject`: a kind and a value, such as `alerts` + alert ids, or a member's notification setting) and carries an
// HMAC-SHA256 of it under UNSUBSCRIBE_SECRET, so it works signed out, in any browser, for as long as the secret is
// kept (rotating the secret retires every link sent before). Nothing is stored per token: the subject says what to
// act on, the MAC that we wrote it. The route that acts on tokens is src/server/modules/unsubscribe.
//
// Format: base64url(kind ":" value) "." base64url(first 16 bytes of the MAC). Kinds are short words; values must
// not be secret (they are readable in the link), only unforgeable.

export type UnsubscribeSubject = { kind: string; value: string };

const macBytes = 16;
const kindPattern = /^[a-z][a-z0-9-]{0,31}$/;
/** Keeps links short enough for one List-Unsubscribe header line (and far under any URL limit). */
const maxSubjectBytes = 600;

function mac(secret: string, subject: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:v1:${subject}`).digest().subarray(0, macBytes);
}

export function signUnsubscribeToken(secret: string, { kind, value }: UnsubscribeSubject): string {
  if (!kindPattern.test(kind)) throw new Error(`invalid unsubscribe kind "${kind}"`);
  const subject = `${kind}:${value}`;
  if (Buffer.byteLength(subject) > maxSubjectBytes) throw new Error('unsubscribe subject too long');
  return `${Buffer.from(subject).toString('base64url')}.${mac(secret, subject).toString('base64url')}`;
}

/** The subject of a token this secret signed; null for anything else (malformed, altered, another secret). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const match = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const subject = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== macBytes || !timingSafeEqual(given, mac(secret, subject))) return null;
  const colon = subject.indexOf(':');
  const kind = subject.slice(0, colon);
  if (colon < 0 || !kindPattern.test(kind)) return null;
  return { kind, value: subject.slice(colon + 1) };
}

/**
 * Where the page and the one-click POST of a token live: an /api address, which the app's service worker never
 * answers with the app shell; the token in the query (Fastify caps path parameters at 100 characters).
 */
export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/api/unsubscribe?token=${token}`;
}

/**
 * The RFC 8058 headers: the https link (one-click POST, or a page for a person) and a mailto fallback to `mailto`
 * with the token in the subject, for mail clients that only offer mail.
 */
export function unsubscribeHeaders(url: string, mailto: string, token: string): Record<string, string> {
  const mail = `mailto:${mailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return {
    'List-Unsubscribe': `<${url}>, <${mail}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export type UnsubscribeLink = { token: string; url: string; headers: Record<string, string> };

export type UnsubscribeLinks = {
  /** The signed link for `subject`: its token, its address and the e-mail headers that carry it. */
  link(subject: UnsubscribeSubject): UnsubscribeLink;
  readonly secret: string;
};

/** Links under `appUrl` (PUBLIC_URL) signed with `secret` (UNSUBSCRIBE_SECRET), the mailto fallback to `mailto`. */
export function createUnsubscribeLinks({
  secret,
  appUrl,
  mailto,
}: {
  secret: string;
  appUrl: string;
  mailto: string;
}): UnsubscribeLinks {
  return {
    secret,
    link(subject) {
      const token = signUnsubscribeToken(secret, subject);
      const url = unsubscribeUrl(appUrl, token);
      return { token, url, headers: unsubscribeHeaders(url, mailto, token) };
    },
  };
}
