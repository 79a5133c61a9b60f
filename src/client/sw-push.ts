// What the service worker shows for a push message and where a click on it leads (used by sw.ts). Pure functions:
// the worker's events call them, unit tests read them.
import { isAppPath } from '../shared/push/app-path.ts';

export type ShownNotification = {
  title: string;
  options: NotificationOptions & { data: { url: string } };
};

/** Where a notification without a usable address of its own leads. */
export const defaultNotificationPath = '/dashboard';

const icon = '/icons/icon-192.png';
/** White on transparent: Android draws the badge from its alpha channel in the status bar. */
const badge = '/icons/badge-96.png';

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;
}

/**
 * The notification for a push message's data (the server's `{ title, body, url, tag }` as JSON). Something must be
 * shown for every push (browsers require it of `userVisibleOnly` subscriptions), so unreadable data still shows the
 * app's name and opens the dashboard.
 */
export function notificationForPush(data: string | null): ShownNotification {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = data ? JSON.parse(data) : null;
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // Not JSON: the fallback below.
  }
  const url = typeof parsed.url === 'string' && isAppPath(parsed.url) ? parsed.url : defaultNotificationPath;
  const tag = text(parsed.tag, 120);
  return {
    title: text(parsed.title, 120) ?? 'Campus Jobs',
    options: {
      body: text(parsed.body, 400) ?? '',
      icon,
      badge,
      ...(tag ? { tag } : {}),
      data: { url },
    },
  };
}

/** The absolute address a click opens: the notification's path on this origin, never another site. */
export function clickTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  return new URL(typeof url === 'string' && isAppPath(url) ? url : defaultNotificationPath, origin).href;
}
