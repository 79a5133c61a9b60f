import { type ErrorCode, errorCodeInBody, errorMessageInBody } from '../../shared/errors/error-codes.ts';
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

/**
 * A non-2xx answer. `code` is the server's stable error code (src/shared/errors/error-codes.ts), null when the answer
 * had none the app knows (a proxy's page, an empty body); show people the translation of the code, never `message`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  /** The parsed JSON body, when there was one (e.g. `{error, code, fields}` of a 400), for callers that need more. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = errorCodeInBody(body);
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

function errorFromBody(status: number, body: unknown): ApiError {
  return new ApiError(status, errorMessageInBody(status, body), body);
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): the status line is all we have.
  }
  return errorFromBody(response.status, body);
}

/**
 * `anonymous`: a public read that never depends on who asks (the board's pages and snapshot) goes out at once,
 * without waiting for a signed-in session to be restored for its token.
 */
export interface ApiRequestOptions {
  anonymous?: boolean;
}

/** fetch() against the API: base URL prefixed, bearer token attached, non-2xx answers thrown as ApiError. */
export async function apiFetch(
  path: string,
  init: RequestInit = {},
  options: ApiRequestOptions = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = options.anonymous ? null : await bearerToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');

  const response = await fetch(apiUrl(path), { ...init, headers });
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

/** apiFetch() then the JSON body. Send JSON with `body: JSON.stringify(data)`; the content type is set for you. */
export async function apiJson<T>(path: string, init: RequestInit = {}, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await apiFetch(path, { ...init, headers }, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface UploadOptions {
  method?: string;
  /** Bytes sent so far and the total, as the browser reports them while the body goes out. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a FormData body with XMLHttpRequest, the only browser API that reports upload progress, with the same base
 * URL, bearer token and errors as apiFetch; resolves with the JSON answer. A network failure rejects with a TypeError,
 * like fetch.
 */
export async function apiUpload<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const token = await bearerToken();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', apiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        // Not JSON: errorFromBody falls back to the status.
      }
      if (request.status >= 200 && request.status < 300) resolve(parsed as T);
      else reject(errorFromBody(request.status, parsed));
    };
    request.onerror = () => reject(new TypeError('Network request failed'));
    request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
