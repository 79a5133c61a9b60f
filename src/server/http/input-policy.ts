import type { FastifyInstance, FastifySchema } from 'fastify';
import { findForbiddenText } from '../../shared/schemas/text-policy.ts';
import { HttpError } from './http-error.ts';
import type { RouteAccess } from './route-access.ts';

// Limits every request gets before any route code runs, so a new route is covered without doing anything:
// - JSON bodies: at most `maxJsonBodyBytes` and `maxJsonDepth` levels of nesting, checked on the raw text before
//   it is parsed (20 KB of `[[[...` once overflowed the stack of code that walked the parsed value);
// - path parameters, the query and JSON bodies: no string (or key) with a character the text policy refuses in
//   every field (NUL, control characters, lone surrogates). Each field's own schema then applies its stricter rule.
// A route whose body is not people's text (the admin feed import, which cleans or skips such records itself) opts
// out with `config: { textPolicy: false }`.

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, for checks that must cover routes added later. */
    routeList: RouteListEntry[];
  }
  interface FastifyContextConfig {
    /** false: the route's JSON body is not checked against the text policy (parameters and query still are). */
    textPolicy?: boolean;
  }
}

/** The largest JSON body a route takes unless it sets its own bodyLimit (a cover letter of 10,000 characters is ~40 KB). */
export const maxJsonBodyBytes = 256 * 1024;
/** Deeper than any body this API defines (the deepest is 3 levels), shallow enough for any recursive code. */
export const maxJsonDepth = 32;

export const inputPolicyMessages = {
  tooDeep: `The JSON body is nested too deeply (at most ${maxJsonDepth} levels)`,
  invalidJson: 'The request body is not valid JSON',
} as const;

/** The deepest nesting of arrays and objects in JSON text, stopping as soon as it exceeds `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** A registered route: its method, URL pattern, what it states about its callers (route-access.ts) and its schema. */
export type RouteListEntry = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: FastifySchema | undefined;
  /** false for a route that opted out of the text policy for its body (config.textPolicy). */
  textPolicy: boolean;
};

export function registerInputPolicy(app: FastifyInstance): void {
  const routeList: RouteListEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({
        method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
        textPolicy: route.config?.textPolicy !== false,
      });
    }
  });

  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: maxJsonBodyBytes },
    (request, body, done) => {
      const text = body as string;
      if (jsonDepthExceeds(text, maxJsonDepth)) {
        done(new HttpError(400, 'body_too_deep', inputPolicyMessages.tooDeep), undefined);
        return;
      }
      defaultJsonParser(request, text, done);
    },
  );

  app.addHook('preValidation', async (request) => {
    const problem =
      findForbiddenText(request.params) ??
      findForbiddenText(request.query) ??
      (request.routeOptions.config.textPolicy === false || isStream(request.body)
        ? null
        : findForbiddenText(request.body));
    if (problem) throw new HttpError(400, 'invalid_request', problem);
  });
}

function isStream(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function';
}
