import {
  defaultLocale,
  isLocale,
  localeCookieMaxAgeSeconds,
  localeCookieName,
  parseLocale,
  type Locale,
} from '../../shared/locale.ts';

declare global {
  interface Window {
    /** Locale a server-rendered page may inject (spec: the "global value" read after the cookie). */
    __LOCALE__?: string;
  }
}

function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Read order: cookie, then the page's global value, then English. Unsupported values are skipped, not fatal. */
export function resolveLocale(cookieHeader: string, globalLocale: unknown): Locale {
  const fromCookie = readCookie(cookieHeader, localeCookieName);
  if (isLocale(fromCookie)) return fromCookie;
  if (isLocale(globalLocale)) return globalLocale;
  return defaultLocale;
}

export function getLocale(): Locale {
  // Rendering at build time (no document): the build picks each page's language itself.
  if (typeof document === 'undefined') return defaultLocale;
  return resolveLocale(document.cookie, window.__LOCALE__);
}

/**
 * Remembers the language and reloads when it changed, so every string (and anything the server derives from the
 * cookie) is rendered in it from the start. Throws on an unsupported locale.
 */
export function setLocale(locale: string): void {
  const next = parseLocale(locale);
  const changed = next !== getLocale();
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${localeCookieName}=${next}; path=/; max-age=${localeCookieMaxAgeSeconds}; samesite=lax${secure}`;
  if (changed) location.reload();
}
