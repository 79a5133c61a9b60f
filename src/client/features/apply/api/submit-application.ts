import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import type { OutboxRecord } from '../../../db/records/apply-records.ts';

/** What one attempt to POST an application gave: an HTTP answer, or no answer at all (offline, dropped, timed out). */
export type SendResult =
  { kind: 'response'; status: number; body: unknown } | { kind: 'network-error'; message: string };

/** Spec section 9: the network timeout is 30 s on desktop. A timed-out attempt is retried with the same key. */
const submitTimeoutMs = 30_000;

function applyPath(record: OutboxRecord): string {
  const params = new URLSearchParams();
  if (record.query.token) params.set('token', record.query.token);
  if (record.query.sharedId) params.set('sharedId', record.query.sharedId);
  const query = params.toString();
  return `/public/jobs/${encodeURIComponent(record.jobSlug)}/apply${query ? `?${query}` : ''}`;
}

/**
 * The request body (spec section 7): with a new file, multipart with each answer appended, object fields as JSON text
 * and the PDF as the `resume` part; with the profile's saved resume, a JSON body carrying `resume: {id, url}`.
 */
export function applicationBody(record: OutboxRecord): FormData | string {
  // Entries stored before screening questions and wizard skills carry neither: nothing is sent for them.
  const extra = {
    ...(record.screening && Object.keys(record.screening).length > 0 ? { screeningAnswers: record.screening } : {}),
    ...(record.skills && record.skills.length > 0 ? { skills: record.skills } : {}),
  };
  if (record.resume.kind === 'saved') {
    return JSON.stringify({ ...record.answers, ...extra, resume: record.resume.resume, devpost: record.devpost });
  }
  const form = new FormData();
  for (const [field, value] of Object.entries(record.answers)) form.append(field, value);
  for (const [field, value] of Object.entries(extra)) form.append(field, JSON.stringify(value));
  if (record.devpost) form.append('devpost', JSON.stringify(record.devpost));
  const { file } = record.resume;
  form.append('resume', new Blob([file.bytes], { type: file.type || 'application/pdf' }), file.name);
  return form;
}

/** One attempt at POST /api/public/jobs/{slug}/apply with the entry's Idempotency-Key; never throws. */
export async function submitApplication(record: OutboxRecord): Promise<SendResult> {
  try {
    const response = await apiFetch(applyPath(record), {
      method: 'POST',
      headers: { 'Idempotency-Key': record.id, Accept: 'application/json' },
      body: applicationBody(record),
      signal: AbortSignal.timeout(submitTimeoutMs),
    });
    const text = await response.text();
    return { kind: 'response', status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (error) {
    if (error instanceof ApiError) {
      // Keep the server's JSON ({error, code, fields}); a body without a known code becomes null (spec fallback).
      return { kind: 'response', status: error.status, body: error.code ? error.body : null };
    }
    return { kind: 'network-error', message: error instanceof Error ? error.message : String(error) };
  }
}
