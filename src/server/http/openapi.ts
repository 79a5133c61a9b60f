import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityTag, ifNoneMatchHits } from './conditional-get.ts';
import { type RouteAccess, routeAccessKinds } from './route-access.ts';
import { contentAnswer } from './route-schemas.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** A body documented per content type (route-schemas.ts bodyByContentType), which the library's transform skips. */
function isContentBody(body: unknown): body is { content: Record<string, { schema: z.ZodType }> } {
  return typeof body === 'object' && body !== null && 'content' in body && !(body instanceof z.ZodType);
}

/** The route's `config.access` (route-access.ts), said in the operation's description. */
function withAccess(input: TransformInput): TransformInput {
  const access = (input.route as { config?: { access?: RouteAccess } } | undefined)?.config?.access;
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!access || !schema) return input;
  const description = [schema.description, `Who may call it: ${routeAccessKinds[access]}`].filter(Boolean).join('\n\n');
  return { ...input, schema: { ...schema, description } } as TransformInput;
}

function transform(given: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  // The built client's files (@fastify/static) are not part of the API.
  if (!given.schema && !given.url.startsWith('/api/')) return { schema: { hide: true }, url: given.url };
  const input = withAccess(given);
  const schema = input.schema as Record<string, unknown> | undefined;
  const body = schema?.body;
  if (!isContentBody(body)) return jsonSchemaTransform(input);
  const rest = jsonSchemaTransform({ ...input, schema: { ...schema, body: undefined } } as TransformInput);
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, { schema: part }]) => [
      type,
      { schema: z.toJSONSchema(part, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) },
    ]),
  );
  return { ...rest, schema: { ...rest.schema, body: { content } } };
}

/**
 * Collects every route registered after it (with its zod schemas, turned into JSON Schema) for the OpenAPI document.
 * Register it before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'campus-jobs API',
        description: 'The HTTP API of the campus-jobs server. Errors answer `{ error, code? }`.',
        version: '1',
      },
      components: {
        securitySchemes: {
          firebaseIdToken: { type: 'http', scheme: 'bearer', description: 'A Firebase ID token' },
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'DATA_DIR/admin-token, from the same machine only',
          },
        },
      },
    },
    transform,
  });
}

/** `GET /openapi.json` (under /api): the document, public, revalidated with its ETag. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: { body: string; etag: string } | null = null;
  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: {
        summary: 'This OpenAPI document',
        tags: ['meta'],
        response: {
          200: contentAnswer('The OpenAPI 3 document of this API', 'application/json'),
          304: z.undefined().describe('Not modified (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      // Built once: the routes cannot change after the server starts.
      if (!document) {
        const body = JSON.stringify(app.swagger());
        document = { body, etag: entityTag(createHash('sha256').update(body).digest('base64url').slice(0, 27)) };
      }
      reply.header('cache-control', 'public, max-age=0, must-revalidate').header('etag', document.etag);
      if (ifNoneMatchHits(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(document.body);
    },
  );
};
