import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { publicJobQuerySchema } from '../../shared/jobs/public-job-api.ts';
import { buildEnv, buildStaticSite, type StaticSite } from '../../../tests/api-setup/test-app.ts';
import { createPasswordUser, type EmulatorUser } from '../../../tests/api-setup/emulator-users.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { buildApp } from '../app.ts';
import { parseRequest } from './http-error.ts';
import { routeAccessKinds } from './route-access.ts';

let testDatabase: TestDatabase;
let site: StaticSite;
let app: FastifyInstance;
let document: OpenAPIV3.Document;
const routes: RouteOptions[] = [];
const adminToken = 'openapi-test-admin-token-0123456789abcdef';

/** Fastify's `/a/:id/*` as OpenAPI writes it: `/a/{id}/{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toLowerCase());
}

function routeOf(method: string, url: string): RouteOptions {
  const route = routes.find((candidate) => candidate.url === url && methodsOf(candidate).includes(method));
  if (!route) throw new Error(`no route ${method} ${url}`);
  return route;
}

/** The zod schema a route declares for one answer. */
function answerSchema(method: string, url: string, status: number): z.ZodType {
  const response = (routeOf(method, url).schema?.response ?? {}) as Record<number, z.ZodType>;
  const schema = response[status];
  if (!schema) throw new Error(`${method} ${url} declares no ${status} answer`);
  return schema;
}

function operation(path: string, method: 'get' | 'post' | 'put' | 'patch' | 'delete'): OpenAPIV3.OperationObject {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

function jsonBody(op: OpenAPIV3.OperationObject, contentType = 'application/json'): OpenAPIV3.SchemaObject {
  const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  return body?.content[contentType]?.schema as OpenAPIV3.SchemaObject;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  site = buildStaticSite();
  // Every optional group of routes on: the admin API (token), the dev routes (emulator), the client's pages.
  app = await buildApp({
    env: buildEnv({ STATIC_DIR: site.dir }),
    database: testDatabase.database,
    adminToken,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = response.json();
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  site.remove();
});

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3 document to anyone, with no token, and revalidates it by ETag', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = response.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.json()).toMatchObject({ openapi: '3.0.3', info: { title: 'campus-jobs API' } });

    const again = await app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lists every registered /api route with each of its methods (HEAD aside)', () => {
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/'));
    // The optional groups are registered here: the list is the whole API.
    for (const url of ['/api/admin/ingest', '/api/dev/email-link', '/api/company/jobs', '/api/openapi.json']) {
      expect(apiRoutes.map((route) => route.url)).toContain(url);
    }
    const missing = apiRoutes.flatMap((route) =>
      methodsOf(route)
        .filter((method) => method !== 'head')
        .filter((method) => !document.paths[openApiPath(route.url)]?.[method as OpenAPIV3.HttpMethods])
        .map((method) => `${method.toUpperCase()} ${route.url}`),
    );
    expect(missing).toEqual([]);
  });

  it('has a schema for every /api route, with at least one answer declared', () => {
    const undeclared = routes
      .filter((route) => route.url.startsWith('/api/'))
      .filter((route) => Object.keys((route.schema?.response as object | undefined) ?? {}).length === 0)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('says who may call every /api operation, from the route’s own statement (config.access)', () => {
    const unsaid = routes
      .filter((route) => route.url.startsWith('/api/'))
      .flatMap((route) =>
        methodsOf(route)
          .filter((method) => method !== 'head')
          .filter((method) => {
            const op = document.paths[openApiPath(route.url)]?.[method as OpenAPIV3.HttpMethods];
            const access = route.config?.access;
            return !access || !op?.description?.includes(`Who may call it: ${routeAccessKinds[access]}`);
          })
          .map((method) => `${method.toUpperCase()} ${route.url}`),
      );
    expect(unsaid).toEqual([]);
    expect(operation('/api/company/organizations/{orgId}/invitations', 'post').description).toContain(
      'An owner of the organization',
    );
  });

  it('documents request bodies with their required fields from the shared schemas', () => {
    expect(jsonBody(operation('/api/auth/create-account', 'post')).required).toEqual(['email']);
    expect(jsonBody(operation('/api/company/jobs', 'post')).required).toEqual(
      expect.arrayContaining(['organizationId', 'title']),
    );
    const apply = operation('/api/public/jobs/{slug}/apply', 'post');
    expect(jsonBody(apply).required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'coverLetter']));
    // The multipart upload is documented, not parsed by Fastify.
    expect(jsonBody(apply, 'multipart/form-data')).toBeDefined();
    expect(Object.keys(apply.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413']));
  });

  it('documents path and query parameters', () => {
    const parameters = operation('/api/saved-jobs/{jobId}', 'put').parameters as OpenAPIV3.ParameterObject[];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'jobId', in: 'path', required: true }));
    const board = operation('/api/public/board', 'get').parameters as OpenAPIV3.ParameterObject[];
    expect(board.map((parameter) => parameter.in)).toEqual(board.map(() => 'query'));
    expect(board.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['q', 'type', 'offset', 'limit']));
  });

  it('documents non-JSON answers by their content type', () => {
    const resume = operation('/api/profile/resume', 'get').responses['200'] as OpenAPIV3.ResponseObject;
    expect(Object.keys(resume.content ?? {})).toEqual(['application/pdf']);
    const csv = operation('/api/company/jobs/{id}/applicants.csv', 'get').responses['200'] as OpenAPIV3.ResponseObject;
    expect(Object.keys(csv.content ?? {})).toEqual(['text/csv']);
  });
});

describe('route schemas at request time', () => {
  it('answers input refused by a route schema with 400 and the sentence parseRequest gives', async () => {
    const query = { token: 'x'.repeat(2001) };
    const expected = (() => {
      try {
        parseRequest(publicJobQuerySchema, query);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the query should be refused');
    })();
    expect(expected).toBe('token is too long');
    const response = await app.inject({ method: 'GET', url: '/api/public/jobs/any-job', query });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expected, code: 'invalid_request' });
  });

  it('joins the distinct messages of several refused fields, as parseRequest does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { job: '', email: 'not an address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_request');
    expect(response.json().error.split('; ')).toEqual(
      expect.arrayContaining(['job is required (a featured job id or slug)', 'email must be an e-mail address']),
    );
  });

  it('still checks the token before the input: a bad path or body without a token is 401', async () => {
    const saved = await app.inject({ method: 'PUT', url: '/api/saved-jobs/not!an!id', payload: { changedAt: 'soon' } });
    expect(saved.statusCode).toBe(401);
    expect(saved.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
    const account = await app.inject({ method: 'POST', url: '/api/auth/create-account', payload: { email: 42 } });
    expect(account.statusCode).toBe(401);
  });

  it('checks the input once the caller is known, with the shared schema', async () => {
    const user: EmulatorUser = await createPasswordUser();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/saved-jobs/not!an!id',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'jobId must be a job id (letters, digits, - and _)',
      code: 'invalid_request',
    });
  });

  it('sends answers as the route produced them, and they match the answer schemas it declares', async () => {
    for (const url of ['/api/public/config', '/api/healthz', '/api/public/jobs']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const body = response.json();
      // Parsing does not strip: the body the schema accepts is the body sent, field for field.
      expect(answerSchema('get', url, 200).parse(body), url).toEqual(body);
    }
  });
});
