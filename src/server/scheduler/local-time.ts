// Local wall-clock time in a person's IANA time zone ('America/Toronto'), for work scheduled at an hour of their day
// (digests at 07:00, a daily summary). Built on Intl only; a zone Intl does not know counts as UTC.

export type LocalDate = { year: number; month: number; day: number };
export type LocalTime = LocalDate & { hour: number; minute: number; /** 1 = Monday ... 7 = Sunday */ weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows `timeZone` (null and '' are not zones). */
export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to compute with: the stored one when Intl knows it, else UTC. */
export function effectiveTimeZone(timeZone: string | null | undefined): string {
  return isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

export function localTimeAt(instant: number, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(effectiveTimeZone(timeZone)).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: weekdays[parts.weekday ?? ''] ?? 1,
  };
}

/** 'YYYY-MM-DD'. */
export function formatLocalDate({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function offsetMs(instant: number, timeZone: string): number {
  const local = localTimeAt(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant the clocks of `timeZone` show `hour`:00 on `date`. An hour skipped by a daylight-saving change gives
 * the instant an hour later (03:00 for 02:00); an hour that happens twice, its first occurrence.
 */
export function instantOfLocalHour(date: LocalDate, hour: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  const showsHour = [first, second].filter((instant) => localTimeAt(instant, timeZone).hour === hour);
  return showsHour.length > 0 ? Math.min(...showsHour) : Math.max(first, second);
}

export type LocalSlot = {
  /** When the slot began (the latest `hour`:00 local at or before now). */
  at: number;
  /** Its local calendar date, 'YYYY-MM-DD'. */
  date: string;
};

/**
 * The latest time at or before `now` when the clocks of `timeZone` showed `hour`:00, on any day or, with
 * `weekday` (1 = Monday), on that day of the week only.
 */
export function latestLocalSlot(now: number, timeZone: string, hour: number, weekday?: number): LocalSlot {
  const zone = effectiveTimeZone(timeZone);
  const local = localTimeAt(now, zone);
  let date: LocalDate = local;
  let back = weekday === undefined ? 0 : (local.weekday - weekday + 7) % 7;
  date = addDays(date, -back);
  let at = instantOfLocalHour(date, hour, zone);
  if (at > now) {
    back = weekday === undefined ? 1 : 7;
    date = addDays(date, -back);
    at = instantOfLocalHour(date, hour, zone);
  }
  return { at, date: formatLocalDate(date) };
}
