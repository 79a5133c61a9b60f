import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiJson, setIdTokenProvider } from './api-client.ts';

// The base URL comes from env.ts (hoisted mock); point it at the real local server below.
const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = req.url ?? '';
      if (path.startsWith('/main/forbidden')) {
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'Anonymous users cannot do that', code: 'identified_account_required' }));
      } else if (path.startsWith('/main/broken')) {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      } else if (path.startsWith('/main/empty')) {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ where: path.split('/')[1] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // A trailing slash on the configured host must not double up.
  testEnv.baseUrl = `http://127.0.0.1:${port}/main/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen = [];
  setIdTokenProvider(null);
  vi.restoreAllMocks();
});

describe('apiFetch', () => {
  it('attaches the bearer token when a user exists', async () => {
    setIdTokenProvider(async () => 'token-123');
    await apiFetch('/profile');
    expect(seen[0]?.url).toBe('/main/profile');
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    setIdTokenProvider(async () => null);
    await apiFetch('/public/jobs');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends an anonymous request without asking for the token', async () => {
    let asked = 0;
    setIdTokenProvider(async () => {
      asked += 1;
      return 'token-123';
    });
    await apiFetch('/public/board', {}, { anonymous: true });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(asked).toBe(0);
  });

  it('logs a token failure and still sends the request without credentials', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    setIdTokenProvider(async () => {
      throw new Error('auth/network-request-failed');
    });
    const response = await apiFetch('/public/jobs');
    expect(response.status).toBe(200);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('appends the path to the chosen host, with or without a leading slash', async () => {
    await apiFetch('public/jobs');
    await apiFetch('/public/config');
    expect(seen.map((request) => request.url)).toEqual(['/main/public/jobs', '/main/public/config']);
  });

  it('throws ApiError carrying the status and the server {error} text', async () => {
    const failure = await apiFetch('/forbidden').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 403,
      code: 'identified_account_required',
      message: 'Anonymous users cannot do that',
    });
  });

  it('falls back to the status when the error body is not JSON', async () => {
    await expect(apiFetch('/broken')).rejects.toMatchObject({
      status: 502,
      code: null,
      message: 'Request failed with status 502',
    });
  });
});

describe('apiJson', () => {
  it('posts a JSON string body with a JSON content type and parses the answer', async () => {
    setIdTokenProvider(async () => 'token-abc');
    const answer = await apiJson<{ where: string }>('/auth/create-account', {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(answer).toEqual({ where: 'main' });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"email":"ada@example.com"}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.authorization).toBe('Bearer token-abc');
  });

  it('returns undefined for 204 No Content', async () => {
    await expect(apiJson('/empty', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
