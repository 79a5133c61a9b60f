// Interview times on screen: in the viewer's own time zone (the browser's), with the zone's name, so a member and a
// student in two cities each read their own clock.

/** "Thu, Dec 3, 2026, 02:30 PM EST" / "jeu. 3 déc. 2026, 14 h 30 HNE". */
export function formatInterviewTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The viewer's IANA time zone ('America/Toronto'), or null when the browser does not say. */
export function viewerTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** A `datetime-local` input's value (the viewer's wall clock) as an instant; null when incomplete. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The `datetime-local` value of an instant, in the viewer's zone (for `min` and defaults). */
export function isoToLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
