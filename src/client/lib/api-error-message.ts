import type { ApiError } from './api-client.ts';

// apiFetch's own fallback when the server sent no {error} text (a proxy's HTML page, an empty body).
const statusOnly = /^Request failed with status \d+$/;

/** The server's `{error}` text, worth showing to people; null when there is only a status code to tell. */
export function messageForPeople(error: ApiError): string | null {
  return statusOnly.test(error.message) ? null : error.message;
}
