import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, readMultipart } from './multipart.ts';

const boundary = '----campusjobs7MA4YWxkTrZu0gW';

function body(parts: string[], { preamble = '', epilogue = '\r\n' } = {}): Buffer {
  const framed = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('');
  return Buffer.from(`${preamble}${framed}--${boundary}--${epilogue}`, 'utf8');
}

const filePart = (content: string, fileName = 'cv.pdf', field = 'resume') =>
  `Content-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n${content}`;
const fieldPart = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

async function* chunksOf(bytes: Buffer, size: number, onChunk?: () => void): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    onChunk?.();
    yield bytes.subarray(offset, offset + size);
  }
}

const limits = { maxFileBytes: 1024 };

describe('multipartBoundary', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['Multipart/Form-Data; charset=utf-8; boundary="a b:c"', 'a b:c'],
    ['multipart/form-data;boundary=----WebKitFormBoundary7MA4', '----WebKitFormBoundary7MA4'],
  ])('%j -> %j', (contentType, expected) => {
    expect(multipartBoundary(contentType)).toBe(expected);
  });

  it.each([
    undefined,
    'application/json',
    'multipart/form-data',
    'multipart/mixed; boundary=abc',
    `multipart/form-data; boundary=${'x'.repeat(71)}`,
  ])('%j -> null', (contentType) => {
    expect(multipartBoundary(contentType)).toBeNull();
  });
});

describe('readMultipart', () => {
  it('reads a file and a field, keeping the bytes exactly', async () => {
    const content = '%PDF-1.4\r\n--not-the-boundary\r\n\r\nbinary\u0000\u00ff%%EOF';
    const bytes = body([fieldPart('note', 'héllo'), filePart(content, 'My CV.pdf')]);
    const result = await readMultipart(chunksOf(bytes, 64 * 1024), boundary, limits);
    expect(result.fields).toEqual({ note: 'héllo' });
    expect(result.files).toHaveLength(1);
    expect(result.files[0]).toMatchObject({
      fieldName: 'resume',
      fileName: 'My CV.pdf',
      contentType: 'application/pdf',
    });
    expect(result.files[0]?.data.toString('utf8')).toBe(content);
  });

  it('gives the same answer however the body is cut into chunks', async () => {
    // Pieces that look like the start of a delimiter ("\r\n--" + part of the boundary) but are not one.
    const content = `%PDF-1.7\r\n\r\n--${boundary.slice(0, 10)}\r\n-\r\n-${boundary}x`;
    const bytes = body([filePart(content), fieldPart('a', '1')], { preamble: 'ignored preamble\r\n' });
    for (const size of [1, 2, 3, 7, 13, 41, bytes.length]) {
      const result = await readMultipart(chunksOf(bytes, size), boundary, limits);
      expect(result.files[0]?.data.toString('utf8'), `chunks of ${size}`).toBe(content);
      expect(result.fields).toEqual({ a: '1' });
    }
  });

  it('reads an empty file and an empty field', async () => {
    const result = await readMultipart(chunksOf(body([filePart(''), fieldPart('x', '')]), 5), boundary, limits);
    expect(result.files[0]?.data.length).toBe(0);
    expect(result.fields).toEqual({ x: '' });
  });

  it('decodes quoted, escaped and UTF-8 file names without touching path characters', async () => {
    const parts = [
      'Content-Disposition: form-data; name="resume"; filename="../../etc/passwd.pdf"\r\n\r\nx',
      'Content-Disposition: form-data; name="b"; filename="Curriculum Vitæ \\"final\\".pdf"\r\n\r\ny',
      'Content-Disposition: form-data; name="c"; filename="Résumé.pdf"\r\n\r\nz',
      // RFC 7578 section 4.2: filename* is not used in multipart/form-data; the plain name is the one read.
      'Content-Disposition: form-data; name="d"; filename="fallback.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9.pdf\r\n\r\nz',
    ];
    const result = await readMultipart(chunksOf(body(parts), 100), boundary, { ...limits, maxFiles: 4 });
    expect(result.files.map((file) => file.fileName)).toEqual([
      '../../etc/passwd.pdf',
      'Curriculum Vitæ "final".pdf',
      'Résumé.pdf',
      'fallback.pdf',
    ]);
  });

  it('refuses a file one byte over the limit as soon as it is read, without reading the rest', async () => {
    const bytes = body([filePart('x'.repeat(1025))], { epilogue: 'y'.repeat(100_000) });
    let chunksRead = 0;
    const error = await readMultipart(
      chunksOf(bytes, 100, () => (chunksRead += 1)),
      boundary,
      limits,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error.code).toBe('FILE_TOO_LARGE');
    // ~1.2 KB read of a ~100 KB body.
    expect(chunksRead).toBeLessThan(20);
  });

  it('accepts a file of exactly the limit', async () => {
    const result = await readMultipart(chunksOf(body([filePart('x'.repeat(1024))]), 10), boundary, limits);
    expect(result.files[0]?.data.length).toBe(1024);
  });

  it('ignores an epilogue after the closing boundary, within the body limit', async () => {
    const bytes = body([filePart('abc')], { epilogue: '\r\n' + 'z'.repeat(10_000) });
    const result = await readMultipart(chunksOf(bytes, 200), boundary, { ...limits, maxBodyBytes: bytes.length });
    expect(result.files[0]?.data.toString('utf8')).toBe('abc');
  });

  it('refuses a body over maxBodyBytes as soon as it is read, whatever part holds the bytes', async () => {
    const bytes = body([filePart('abc')], { epilogue: 'z'.repeat(100_000) });
    let chunksRead = 0;
    const error = await readMultipart(
      chunksOf(bytes, 100, () => (chunksRead += 1)),
      boundary,
      {
        ...limits,
        maxBodyBytes: 2000,
      },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error.code).toBe('BODY_TOO_LARGE');
    expect(chunksRead).toBe(21);
  });

  it.each([
    ['a part without Content-Disposition', body(['Content-Type: text/plain\r\n\r\nabc', fieldPart('a', '1')])],
    ['a header line without a colon', body(['Content-Disposition: form-data; name="a"\r\nbogus\r\n\r\n1'])],
  ])('skips what it cannot read as a form part: %s', async (_label, bytes) => {
    const result = await readMultipart(chunksOf(bytes, 50), boundary, limits);
    expect(result).toEqual({ files: [], fields: { a: '1' } });
  });

  it.each([
    ['a body cut in the middle of the file', body([filePart('abcdef')]).subarray(0, 120), 'TRUNCATED'],
    ['a body without the closing boundary', Buffer.from(`--${boundary}\r\n${filePart('abc')}`), 'TRUNCATED'],
    ['an empty body', Buffer.alloc(0), 'TRUNCATED'],
    ['two files where one is allowed', body([filePart('a'), filePart('b', 'b.pdf', 'other')]), 'TOO_MANY_FILES'],
    ['a part without a name', body(['Content-Disposition: form-data; filename="a.pdf"\r\n\r\nabc']), 'MALFORMED'],
    ['a body with no boundary at all', Buffer.from('z'.repeat(70_000)), 'MALFORMED'],
    // busboy keeps at most maxHeaderBytes of a part's headers and waits for their end, which never comes.
    ['headers that never end', Buffer.from(`--${boundary}\r\nX-Pad: ${'p'.repeat(9000)}`), 'TRUNCATED'],
    ['a duplicate field', body([fieldPart('a', '1'), fieldPart('a', '2')]), 'DUPLICATE_FIELD'],
    ['a file and a field of the same name', body([fieldPart('resume', '1'), filePart('x')]), 'DUPLICATE_FIELD'],
    ['too many parts', body(Array.from({ length: 11 }, (_, index) => fieldPart(`f${index}`, 'v'))), 'TOO_MANY_PARTS'],
    ['a field over its limit', body([fieldPart('big', 'v'.repeat(64 * 1024 + 1))]), 'FIELD_TOO_LARGE'],
  ])('refuses %s', async (_label, bytes, code) => {
    const error = await readMultipart(chunksOf(bytes, 50), boundary, limits).catch((e) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error.code).toBe(code);
  });

  it('passes on an error of the source stream (a client that went away)', async () => {
    async function* broken() {
      yield Buffer.from(`--${boundary}\r\n${filePart('abc')}`);
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    await expect(readMultipart(broken(), boundary, limits)).rejects.toThrow('aborted');
  });
});
