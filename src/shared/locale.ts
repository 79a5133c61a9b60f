/** The interface languages. The first one is the default. */
export const supportedLocales = ['en', 'fr'] as const;

export type Locale = (typeof supportedLocales)[number];

export const defaultLocale: Locale = 'en';

/** Name of the cookie that remembers the chosen language (read by the client, and by the server if it renders HTML). */
export const localeCookieName = 'locale';

/** 400 days: the longest lifetime browsers still honour for a cookie. */
export const localeCookieMaxAgeSeconds = 34_560_000;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Accepts exactly one of the supported locale codes; anything else is a programming or input error worth surfacing. */
export function parseLocale(value: unknown): Locale {
  if (isLocale(value)) return value;
  throw new Error(`Unsupported locale "${String(value)}". Valid locales: ${supportedLocales.join(', ')}`);
}
