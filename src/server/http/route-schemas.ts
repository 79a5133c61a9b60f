import type { FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../shared/errors/error-codes.ts';

/**
 * Route schemas (decision 014): every route declares its params, query, body and answers with zod, from src/shared
 * where the feature has a schema. They type the handlers and make the OpenAPI document (`GET /api/openapi.json`).
 */

/** Every error answer: a sentence for people, a stable code, the field messages on profile forms. */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('What went wrong, in English, for people'),
    code: z.enum(errorCodes).describe('A stable code for programs (src/shared/errors/error-codes.ts)'),
    fields: z.record(z.string(), z.string()).optional().describe('Message per form field'),
  })
  .describe('Error');

/** `{ 400: apiErrorSchema, 404: apiErrorSchema, ... }` for the statuses a route may answer with an error. */
export function errorAnswers<Status extends number>(...statuses: Status[]): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}

/** An answer that is not JSON (a file, a page, a CSV): documented by its content type. */
export function contentAnswer(description: string, ...contentTypes: string[]) {
  return {
    description,
    // Sent as a string, a Buffer or a stream: typed unknown, documented as a string.
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.unknown().meta({ type: 'string' }) }])),
  };
}

/**
 * A request body schema with an example of a valid body: shown in the OpenAPI document, and sent by the access-matrix
 * test (route-access.api.test.ts) with every refused caller, so that a guard that let one through would really write.
 */
export function withExample<Schema extends z.ZodType>(schema: Schema, example: z.input<Schema>): Schema {
  return schema.meta({ examples: [example] });
}

/** The example a body schema carries (withExample), if any. */
export function exampleOf(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  const examples = schema.meta()?.examples;
  return Array.isArray(examples) ? examples[0] : undefined;
}

/** An answer with no body (204, 304). */
export const emptyAnswer = z.undefined();

/**
 * For routes whose handler checks access (401/403/404) before it reads the input: the schema documents the input and
 * the handler parses it with that same schema where it always did, so the order of answers stays the API's.
 * (Fastify validates before preHandler guards and the handler.)
 */
export const validatedInHandler: { validatorCompiler: FastifySchemaCompiler<unknown> } = {
  validatorCompiler: () => (value) => ({ value }),
};

/**
 * Answers are written with JSON.stringify, as Fastify does for a route without a response schema: a response schema
 * documents the answer and never filters it or turns it into a 500.
 */
export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/**
 * The same output, and the answer as sent (after JSON) is checked against the route's schema for its status: a
 * mismatch throws, so the request fails with 500. For tests (NODE_ENV=test): every API test then keeps the
 * documented answers true, while production never refuses a good answer over its documentation.
 */
export function checkedJsonSerializerCompiler({
  schema,
  method,
  url,
  httpStatus,
}: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) {
  // Answers documented by content type (files, pages, CSV) are not JSON objects.
  const answerSchema = schema instanceof z.ZodType ? schema : null;
  return (data: unknown) => {
    const body = JSON.stringify(data);
    const result = answerSchema?.safeParse(body === undefined ? undefined : JSON.parse(body));
    if (result && !result.success) {
      throw new Error(
        `The ${httpStatus} answer of ${method} ${url} does not match its schema: ${z.prettifyError(result.error)}`,
      );
    }
    return body;
  };
}

/**
 * The message of a 400 from a route schema: the same text parseRequest gives (the distinct zod messages joined by
 * "; "), or null when `error` is not a route-schema validation failure.
 */
export function schemaValidationMessage(error: unknown): string | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  return [...new Set(error.validation.map((issue) => issue.message))].join('; ');
}

/** A JSON object answer whose fields are described by its TypeScript type rather than a zod schema yet. */
export function objectAnswer(description: string) {
  return z.looseObject({}).describe(description);
}

/** A JSON list answer, see objectAnswer. */
export function listAnswer(description: string) {
  return z.array(z.looseObject({})).describe(description);
}

/**
 * A body sent in more than one content type (multipart or JSON), documented per type. Such a route reads its body
 * itself (a multipart upload is never parsed by Fastify), so it is always paired with validatedInHandler.
 */
export function bodyByContentType(schemas: Record<string, z.ZodType>) {
  return { content: Object.fromEntries(Object.entries(schemas).map(([type, schema]) => [type, { schema }])) };
}
