import { randomBytes } from 'node:crypto';

// Request bodies for upload tests.

/** A small but well-formed PDF, `padToBytes` long if given; `marker` ends up in the bytes to tell files apart. */
export function buildPdf(marker = randomBytes(6).toString('hex'), padToBytes = 0): Buffer {
  // A real one-page document (the server opens it with PDF.js); the marker makes each file's bytes unique.
  const head =
    `%PDF-1.4\n% ${marker}\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n` +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n';
  const trailer = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, padToBytes - head.length - trailer.length - 3);
  return Buffer.from(`${head}% ${'x'.repeat(padding)}\n${trailer}`);
}

export type MultipartPart = { name: string; value?: string; fileName?: string; contentType?: string; data?: Buffer };

export function buildMultipart(parts: MultipartPart[], boundary = `----campusjobs${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName.replace(/"/g, '\\"')}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}${type}\r\n\r\n`),
    );
    chunks.push(part.data ?? Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body a browser sends for <input type=file name=resume>. */
export function resumeUpload(data: Buffer, fileName = 'Ada Lovelace CV.pdf', contentType = 'application/pdf') {
  return buildMultipart([{ name: 'resume', fileName, contentType, data }]);
}
