/** The longest IANA zone name is ~30 characters; anything much longer is not one. */
export const maxTimeZoneLength = 64;

/**
 * The IANA time zone `value` names, as this runtime's Intl spells it ('america/toronto' -> 'America/Toronto'), or
 * null when it names none. Browsers send theirs (Intl.DateTimeFormat().resolvedOptions().timeZone); an unknown or
 * malformed one is ignored rather than refused, since it only sets the hour digests arrive at.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxTimeZoneLength) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
