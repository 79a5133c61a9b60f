// A small streaming multipart/form-data reader (RFC 7578) for uploads of a few megabytes. Bytes are examined as they
// arrive and every limit is enforced on the fly, so an oversized upload is refused after at most `maxFileBytes`
// have been read, whatever Content-Length claims. Files are kept in memory: callers pick limits that make that fine.

export type MultipartErrorCode =
  | 'FILE_TOO_LARGE'
  | 'FIELD_TOO_LARGE'
  | 'TOO_MANY_PARTS'
  | 'TOO_MANY_FILES'
  | 'MALFORMED'
  | 'TRUNCATED'
  | 'DUPLICATE_FIELD'

export class MultipartError extends Error {
  override name = 'MultipartError'
  readonly code: MultipartErrorCode

  constructor(code: MultipartErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

export type MultipartFile = {
  fieldName: string
  /** As sent (a browser sends the bare name); never use it as a path. */
  fileName: string
  contentType: string | null
  data: Buffer
}

export type MultipartResult = {
  files: MultipartFile[]
  fields: Record<string, string>
}

export type MultipartLimits = {
  /** Largest file part, in bytes. */
  maxFileBytes: number
  maxFiles?: number
  /** Largest non-file field, in bytes. */
  maxFieldBytes?: number
  maxParts?: number
  maxHeaderBytes?: number
}

/** The boundary of a `multipart/form-data; boundary=...` content type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null
  const [type, ...parameters] = contentType.split(';')
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null
  for (const parameter of parameters) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))\s*$/i.exec(parameter)
    const boundary = match?.[1] ?? match?.[2]
    // RFC 2046: 1-70 characters, not ending with a space.
    if (boundary && boundary.length <= 70 && !boundary.endsWith(' ')) return boundary
  }
  return null
}

type PartHeaders = { fieldName: string; fileName: string | null; contentType: string | null }

/** Parameters of a header value: 'form-data; name="resume"; filename="a \\"b\\".pdf"'. */
function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>()
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g
  for (const match of value.matchAll(pattern)) {
    const name = match[1]?.toLowerCase()
    if (!name || parameters.has(name)) continue
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim()
    parameters.set(name, raw)
  }
  return parameters
}

function decodeExtendedValue(value: string): string | null {
  // RFC 5987: UTF-8''My%20CV.pdf
  const match = /^utf-8'[^']*'(.*)$/i.exec(value)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}

function parsePartHeaders(block: Buffer): PartHeaders {
  const lines = block.toString('utf8').split('\r\n')
  let disposition: string | null = null
  let contentType: string | null = null
  for (const line of lines) {
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) throw new MultipartError('MALFORMED', 'Malformed multipart header')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (name === 'content-disposition') disposition = value
    else if (name === 'content-type') contentType = value
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) {
    throw new MultipartError('MALFORMED', 'Each part needs a Content-Disposition: form-data header')
  }
  const parameters = headerParameters(disposition)
  const fieldName = parameters.get('name')
  if (fieldName === undefined) throw new MultipartError('MALFORMED', 'Each part needs a field name')
  const extended = parameters.get('filename*')
  const fileName = (extended !== undefined ? decodeExtendedValue(extended) : null) ?? parameters.get('filename') ?? null
  return { fieldName, fileName, contentType }
}

const crlf = Buffer.from('\r\n')
const headerEnd = Buffer.from('\r\n\r\n')
const maxPreambleBytes = 64 * 1024

/**
 * Reads a whole multipart body from `source` (a request stream, or any async iterable of bytes). Throws a
 * MultipartError as soon as a limit is crossed or the body ends before its closing boundary; stops reading at the
 * closing boundary.
 */
export async function readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  { maxFileBytes, maxFiles = 1, maxFieldBytes = 64 * 1024, maxParts = 10, maxHeaderBytes = 8 * 1024 }: MultipartLimits,
): Promise<MultipartResult> {
  // The first boundary may start the body without a preceding CRLF: pretend there was one.
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const result: MultipartResult = { files: [], fields: {} }
  let state: 'preamble' | 'after-boundary' | 'headers' | 'body' | 'done' = 'preamble'
  let pending: Buffer = Buffer.from(crlf)
  let preambleBytes = 0
  let part: (PartHeaders & { chunks: Buffer[]; size: number }) | null = null
  let parts = 0
  // Every field of this API's forms holds one value: a repeated one is refused rather than "last one wins".
  const fieldNames = new Set<string>()

  function append(bytes: Buffer): void {
    if (!part || bytes.length === 0) return
    part.size += bytes.length
    if (part.fileName !== null && part.size > maxFileBytes) {
      throw new MultipartError('FILE_TOO_LARGE', `A file may be at most ${maxFileBytes} bytes`)
    }
    if (part.fileName === null && part.size > maxFieldBytes) {
      throw new MultipartError('FIELD_TOO_LARGE', `A form field may be at most ${maxFieldBytes} bytes`)
    }
    part.chunks.push(bytes)
  }

  function finishPart(): void {
    if (!part) return
    const data = Buffer.concat(part.chunks, part.size)
    if (part.fileName !== null) {
      result.files.push({ fieldName: part.fieldName, fileName: part.fileName, contentType: part.contentType, data })
    } else {
      result.fields[part.fieldName] = data.toString('utf8')
    }
    part = null
  }

  // A function, so TypeScript does not narrow `state` across the step() calls that change it.
  const finished = () => state === 'done'

  /** Consumes as much of `pending` as the current state allows; false when more bytes are needed. */
  function step(): boolean {
    switch (state) {
      case 'preamble': {
        const at = pending.indexOf(delimiter)
        if (at === -1) {
          const keep = Math.min(pending.length, delimiter.length - 1)
          preambleBytes += pending.length - keep
          if (preambleBytes > maxPreambleBytes) throw new MultipartError('MALFORMED', 'No multipart boundary found')
          pending = pending.subarray(pending.length - keep)
          return false
        }
        pending = pending.subarray(at + delimiter.length)
        state = 'after-boundary'
        return true
      }
      case 'after-boundary': {
        // Transport padding (spaces, tabs) may follow a boundary.
        let start = 0
        while (start < pending.length && (pending[start] === 0x20 || pending[start] === 0x09)) start += 1
        if (start > 256) throw new MultipartError('MALFORMED', 'Malformed multipart boundary line')
        if (pending.length - start < 2) return false
        const next = pending.subarray(start, start + 2).toString('latin1')
        if (next === '--') {
          state = 'done'
          return false
        }
        if (next !== '\r\n') throw new MultipartError('MALFORMED', 'Malformed multipart boundary line')
        pending = pending.subarray(start + 2)
        state = 'headers'
        return true
      }
      case 'headers': {
        let block: Buffer
        if (pending.length >= 2 && pending[0] === 0x0d && pending[1] === 0x0a) {
          block = Buffer.alloc(0)
          pending = pending.subarray(2)
        } else {
          const at = pending.indexOf(headerEnd)
          if (at === -1) {
            if (pending.length > maxHeaderBytes) throw new MultipartError('MALFORMED', 'Multipart headers too large')
            return false
          }
          if (at > maxHeaderBytes) throw new MultipartError('MALFORMED', 'Multipart headers too large')
          block = pending.subarray(0, at)
          pending = pending.subarray(at + headerEnd.length)
        }
        parts += 1
        if (parts > maxParts) throw new MultipartError('TOO_MANY_PARTS', `At most ${maxParts} form parts are accepted`)
        const headers = parsePartHeaders(block)
        if (headers.fileName !== null && result.files.length >= maxFiles) {
          throw new MultipartError('TOO_MANY_FILES', `At most ${maxFiles} file(s) may be sent`)
        }
        if (fieldNames.has(headers.fieldName)) {
          const shown = /^[\w-]{1,50}$/.test(headers.fieldName) ? `"${headers.fieldName}" ` : ''
          throw new MultipartError('DUPLICATE_FIELD', `The form field ${shown}was sent more than once`)
        }
        fieldNames.add(headers.fieldName)
        part = { ...headers, chunks: [], size: 0 }
        state = 'body'
        return true
      }
      case 'body': {
        const at = pending.indexOf(delimiter)
        if (at === -1) {
          // Everything but a possible beginning of the delimiter belongs to the part.
          const safe = pending.length - (delimiter.length - 1)
          if (safe > 0) {
            append(pending.subarray(0, safe))
            pending = pending.subarray(safe)
          }
          return false
        }
        append(pending.subarray(0, at))
        finishPart()
        pending = pending.subarray(at + delimiter.length)
        state = 'after-boundary'
        return true
      }
      case 'done':
        return false
    }
  }

  for await (const chunk of source) {
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk])
    while (step()) {
      // Keep consuming.
    }
    if (finished()) return result
  }
  throw new MultipartError('TRUNCATED', 'The upload ended before it was complete')
}
