import { Busboy } from '@fastify/busboy';

// Reads multipart/form-data (RFC 7578) uploads of a few megabytes with busboy, Fastify's maintained parser. Bytes are
// fed to it as they arrive and every limit is enforced on the fly, so an oversized upload is refused after at most
// `maxFileBytes` have been read, whatever Content-Length claims. Files are kept in memory: callers pick limits that
// make that fine.

export type MultipartErrorCode =
  | 'FILE_TOO_LARGE'
  | 'FIELD_TOO_LARGE'
  | 'TOO_MANY_PARTS'
  | 'TOO_MANY_FILES'
  | 'MALFORMED'
  | 'TRUNCATED'
  | 'DUPLICATE_FIELD'
  | 'BODY_TOO_LARGE';

export class MultipartError extends Error {
  override name = 'MultipartError';
  readonly code: MultipartErrorCode;

  constructor(code: MultipartErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type MultipartFile = {
  fieldName: string;
  /** As sent (a browser sends the bare name); never use it as a path. */
  fileName: string;
  contentType: string | null;
  data: Buffer;
};

export type MultipartResult = {
  files: MultipartFile[];
  fields: Record<string, string>;
};

export type MultipartLimits = {
  /** Largest file part, in bytes. */
  maxFileBytes: number;
  maxFiles?: number;
  /** Largest non-file field, in bytes. */
  maxFieldBytes?: number;
  maxParts?: number;
  maxHeaderBytes?: number;
  /** The whole body, preamble and skipped parts included (a chunked body has no Content-Length to check first). */
  maxBodyBytes?: number;
};

/** The boundary of a `multipart/form-data; boundary=...` content type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...parameters] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const parameter of parameters) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))\s*$/i.exec(parameter);
    const boundary = match?.[1] ?? match?.[2];
    // RFC 2046: 1-70 characters, not ending with a space.
    if (boundary && boundary.length <= 70 && !boundary.endsWith(' ')) return boundary;
  }
  return null;
}

const maxPreambleBytes = 64 * 1024;

/**
 * Reads a whole multipart body from `source` (a request stream, or any async iterable of bytes). Throws a
 * MultipartError as soon as a limit is crossed or the body ends before its closing boundary. busboy reports the end
 * of the form only once the source has ended, so an epilogue is read too: `maxBodyBytes` bounds it.
 */
export async function readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  {
    maxFileBytes,
    maxFiles = 1,
    maxFieldBytes = 64 * 1024,
    maxParts = 10,
    maxHeaderBytes = 8 * 1024,
    maxBodyBytes = Number.POSITIVE_INFINITY,
  }: MultipartLimits,
): Promise<MultipartResult> {
  const parser = Busboy({
    headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
    // The name as sent: callers never use it as a path.
    preservePath: true,
    // A part is a file when it has a file name, whatever its Content-Type.
    isPartAFile: (_fieldName, _contentType, fileName) => fileName !== undefined,
    limits: {
      fileSize: maxFileBytes,
      files: maxFiles,
      fieldSize: maxFieldBytes,
      parts: maxParts,
      headerSize: maxHeaderBytes,
    },
  });
  const result: MultipartResult = { files: [], fields: {} };
  // Every field of this API's forms holds one value: a repeated one is refused rather than "last one wins".
  const fieldNames = new Set<string>();
  let failure: MultipartError | null = null;
  let complete = false;
  let sourceEnded = false;
  let wake: (() => void) | null = null;
  const settle = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const fail = (error: MultipartError) => {
    failure ??= error;
    settle();
  };

  /** False (after failing) when the part's name is missing or was already used. */
  function claimName(fieldName: string | undefined): fieldName is string {
    if (fieldName === undefined) {
      fail(new MultipartError('MALFORMED', 'Each part needs a field name'));
      return false;
    }
    if (fieldNames.has(fieldName)) {
      const shown = /^[\w-]{1,50}$/.test(fieldName) ? `"${fieldName}" ` : '';
      fail(new MultipartError('DUPLICATE_FIELD', `The form field ${shown}was sent more than once`));
      return false;
    }
    fieldNames.add(fieldName);
    return true;
  }

  parser.on('file', (fieldName: string | undefined, stream, fileName: string, _encoding, mimeType: string) => {
    // A part cut short by the end of the body errors here as well as on the parser: the parser's error is the one used.
    stream.on('error', () => undefined);
    if (!claimName(fieldName)) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => fail(new MultipartError('FILE_TOO_LARGE', `A file may be at most ${maxFileBytes} bytes`)));
    stream.on('end', () => {
      if (stream.truncated) return;
      result.files.push({ fieldName, fileName, contentType: mimeType || null, data: Buffer.concat(chunks) });
    });
  });
  parser.on('field', (fieldName: string | undefined, value: string, _nameTruncated, valueTruncated: boolean) => {
    if (valueTruncated) {
      fail(new MultipartError('FIELD_TOO_LARGE', `A form field may be at most ${maxFieldBytes} bytes`));
      return;
    }
    if (claimName(fieldName)) result.fields[fieldName] = value;
  });
  parser.on('partsLimit', () =>
    fail(new MultipartError('TOO_MANY_PARTS', `At most ${maxParts} form parts are accepted`)),
  );
  parser.on('filesLimit', () => fail(new MultipartError('TOO_MANY_FILES', `At most ${maxFiles} file(s) may be sent`)));
  parser.on('error', () => {
    // busboy's only error is a body that ends before its closing boundary.
    fail(
      sourceEnded
        ? new MultipartError('TRUNCATED', 'The upload ended before it was complete')
        : new MultipartError('MALFORMED', 'Malformed multipart body'),
    );
  });
  parser.on('finish', () => {
    complete = true;
    settle();
  });

  /** Resolves once busboy has taken `chunk` in, failed or finished. */
  const feed = (chunk: Uint8Array) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      parser.write(chunk, () => settle());
    });

  // busboy skips any preamble silently: a body that never names its boundary is told apart here.
  const delimiter = Buffer.from(`--${boundary}`);
  let head: Buffer | null = Buffer.alloc(0);
  let bodyBytes = 0;
  for await (const chunk of source) {
    bodyBytes += chunk.byteLength;
    if (bodyBytes > maxBodyBytes)
      throw new MultipartError('BODY_TOO_LARGE', `The upload may be at most ${maxBodyBytes} bytes`);
    if (head !== null) {
      head = Buffer.concat([head, chunk]);
      if (head.includes(delimiter)) head = null;
      else if (head.length > maxPreambleBytes) throw new MultipartError('MALFORMED', 'No multipart boundary found');
    }
    await feed(chunk);
    if (failure) throw failure;
  }
  sourceEnded = true;
  if (head !== null && bodyBytes > 0) throw new MultipartError('MALFORMED', 'No multipart boundary found');
  await new Promise<void>((resolve) => {
    wake = resolve;
    parser.end();
  });
  if (failure) throw failure;
  if (!complete) throw new MultipartError('TRUNCATED', 'The upload ended before it was complete');
  return result;
}
