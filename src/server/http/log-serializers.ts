import { stdSerializers } from 'pino';

// What an error log may hold: ids and codes, never the data people sent. A failed query's error (Drizzle's
// DrizzleQueryError) carries the SQL parameters in its message and in `params`, and PostgreSQL's own messages and
// `detail` may quote a value ("Key (email)=(ada@...) already exists"): for those only the type, the SQLSTATE code,
// the names of the constraint/table/column and the stack frames are logged.

/** The shape pino's error serializers answer. */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function isQueryError(error: Error): boolean {
  return 'params' in error && 'query' in error;
}

function isDatabaseError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && ('severity' in error || 'routine' in error);
}

/** The stack's frames only: the message it starts with may span lines (Drizzle's ends with "params: ..."). */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function databaseErrorFields(error: Error): SerializedError {
  const fields = error as unknown as Record<string, unknown>;
  const picked: SerializedError = { type: error.name, message: 'database error (message not logged)', stack: '' };
  for (const name of ['code', 'constraint', 'table', 'column', 'routine']) {
    if (typeof fields[name] === 'string') picked[name] = fields[name];
  }
  picked.stack = framesOf(error) ?? '';
  return picked;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  if (isQueryError(error)) {
    const cause = (error as { cause?: unknown }).cause;
    return {
      type: error.name,
      message: 'database query failed (parameters not logged)',
      stack: framesOf(error) ?? '',
      ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
    };
  }
  if (isDatabaseError(error)) return databaseErrorFields(error);
  return stdSerializers.err(error);
}

/** For pino({ serializers }) and Fastify's logger options. */
export const logSerializers = { err: serializeError, error: serializeError };
