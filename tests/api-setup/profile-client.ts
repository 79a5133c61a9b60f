import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { EmulatorUser } from './emulator-users.ts';

// A caller of the profile API, holding a token (or none): `as(app, user).get('/api/profile')`.

export type ApiCaller = {
  get(url: string): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  upload(url: string, upload: { body: Buffer; contentType: string }): Promise<LightMyRequestResponse>;
};

export function as(app: FastifyInstance, user: EmulatorUser | null): ApiCaller {
  const headers = user ? { authorization: `Bearer ${user.idToken}` } : {};
  const send = (method: 'GET' | 'DELETE' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return {
    get: (url) => send('GET', url),
    delete: (url) => send('DELETE', url),
    post: (url, body) => send('POST', url, body),
    patch: (url, body) => send('PATCH', url, body),
    upload: (url, { body, contentType }) =>
      app.inject({ method: 'PATCH', url, headers: { ...headers, 'content-type': contentType }, payload: body }),
  };
}
