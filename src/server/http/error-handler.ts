import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { type ErrorBody, type ErrorCode, errorCodeForStatus, errorMessages } from '../../shared/errors/error-codes.ts';
import { HttpError } from './http-error.ts';
import { schemaValidationMessage } from './route-schemas.ts';

// The one place where a thrown error becomes an answer: every error the API sends is `{error, code}`, with `code`
// from src/shared/errors/error-codes.ts.

/** Fastify's own errors that deserve a more precise code than their status gives. */
const fastifyErrorCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_VALIDATION: 'invalid_request',
};

/** An error body with the code's default sentence, or a more precise one. */
export function errorBody(code: ErrorCode, message: string = errorMessages[code]): ErrorBody {
  return { error: message, code };
}

/** The status and body answering `error`. A 5xx not raised on purpose tells nothing of its cause. */
export function errorAnswer(error: FastifyError): { statusCode: number; body: ErrorBody } {
  const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (error instanceof HttpError) return { statusCode, body: errorBody(error.errorCode, error.message) };
  if (statusCode >= 500) return { statusCode, body: errorBody('internal_error') };
  // Schema validation failures (error.validation) and the body parser's errors are the caller's to fix.
  // A route schema's refusal reads like parseRequest's (the distinct zod messages joined by "; ").
  const validationMessage = schemaValidationMessage(error);
  if (validationMessage !== null) return { statusCode, body: errorBody('invalid_request', validationMessage) };
  const code = error.validation ? 'invalid_request' : (fastifyErrorCodes[error.code] ?? errorCodeForStatus(statusCode));
  return { statusCode, body: errorBody(code, error.message) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = errorAnswer(error);
    // The serializer (http/log-serializers.ts) keeps SQL parameters and personal data out of this line.
    if (statusCode >= 500) request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
    return reply.code(statusCode).send(body);
  });
}

/** Answers an error directly (a route that must close the connection, or that adds `fields`). */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string = errorMessages[code],
  extra: Record<string, unknown> = {},
): FastifyReply {
  return reply.code(statusCode).send({ ...errorBody(code, message), ...extra });
}
