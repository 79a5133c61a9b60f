import { z } from 'zod';
import { isAppPath } from './app-path.ts';

// What a push message carries (encrypted by the server, read by the service worker): the notification's text and the
// page it opens. Push services take about 4 KB per message, so the texts are bounded.

export const pushPayloadSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  url: z.string().max(1000).refine(isAppPath, 'expected a path of this app, starting with a single /'),
  /** Notifications with the same tag replace each other (a resend, a newer status of the same application). */
  tag: z.string().min(1).max(120).optional(),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `text` cut to `max` characters with an ellipsis: a long job title must not push a notification over its limits. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
