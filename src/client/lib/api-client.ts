import { activeApiBaseUrl } from '../env.ts';

/**
 * Returns the current user's ID token, or null when nobody is signed in.
 * Registered by the auth feature so this module stays free of Firebase (and off the landing page's bundle).
 */
export type IdTokenProvider = () => Promise<string | null>;

let idTokenProvider: IdTokenProvider | null = null;

export function setIdTokenProvider(provider: IdTokenProvider | null): void {
  idTokenProvider = provider;
}

/** A non-2xx answer; `message` is the server's `{error}` text when it sent one. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The full URL of an API path on the host env.ts chose (the spec's default or alternate backend host). */
export function apiUrl(path: string): string {
  const base = activeApiBaseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

async function bearerToken(): Promise<string | null> {
  if (!idTokenProvider) return null;
  try {
    return await idTokenProvider();
  } catch (error) {
    // Spec: a token failure must not block the call; the server answers 401 where a user is required.
    console.error('[api-client] could not get the ID token, sending the request without credentials', error);
    return null;
  }
}

async function errorMessage(response: Response): Promise<string> {
  const fallback = `Request failed with status ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): the status line is all we have.
  }
  return fallback;
}

/** fetch() against the API: base URL prefixed, bearer token attached, non-2xx answers thrown as ApiError. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = await bearerToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');

  const response = await fetch(apiUrl(path), { ...init, headers });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  return response;
}

/** apiFetch() then the JSON body. Send JSON with `body: JSON.stringify(data)`; the content type is set for you. */
export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await apiFetch(path, { ...init, headers });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
