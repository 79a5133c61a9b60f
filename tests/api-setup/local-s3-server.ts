import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on 127.0.0.1 speaking the part of the S3 protocol the app uses (path-style PutObject,
// GetObject, HeadObject, DeleteObject, ListObjectsV2), objects in memory. Every request must carry a valid
// AWS Signature Version 4 for the configured credentials, as a real store would insist.

export type LocalS3Object = { data: Buffer; contentType: string; lastModified: Date };

export type LocalS3Request = { method: string; path: string };

export type LocalS3Server = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by full key (any S3_PREFIX included). */
  objects: Map<string, LocalS3Object>;
  requests: LocalS3Request[];
  close(): Promise<void>;
};

export type LocalS3Options = {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Keys per ListObjectsV2 page when the client does not ask for fewer (S3's own is 1000). */
  listPageSize?: number;
};

export async function startLocalS3Server({
  bucket = 'campus-jobs-test',
  region = 'us-east-1',
  accessKeyId = 'test-access-key',
  secretAccessKey = 'test-secret-key',
  listPageSize = 1000,
}: LocalS3Options = {}): Promise<LocalS3Server> {
  const objects = new Map<string, LocalS3Object>();
  const requests: LocalS3Request[] = [];

  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(incoming.url ?? '/', 'http://localhost');
    requests.push({ method: incoming.method ?? 'GET', path: url.pathname + url.search });
    try {
      const refusal = checkSignature(incoming, url, body, { accessKeyId, secretAccessKey, region });
      if (refusal) return sendError(response, 403, refusal.code, refusal.message);
      handle(incoming.method ?? 'GET', url, body, incoming, response);
    } catch (error) {
      sendError(response, 500, 'InternalError', String(error));
    }
  });

  function handle(method: string, url: URL, body: Buffer, incoming: IncomingMessage, response: ServerResponse): void {
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    if (decodeURIComponent(bucketName) !== bucket) {
      return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');

    if (!key) {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(url, response);
      return sendError(response, 501, 'NotImplemented', `${method} on the bucket is not supported here`);
    }

    const object = objects.get(key);
    switch (method) {
      case 'PUT': {
        const stored = {
          data: body,
          contentType: incoming.headers['content-type'] ?? 'binary/octet-stream',
          // S3 keeps whole seconds.
          lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
        };
        objects.set(key, stored);
        response.writeHead(200, { etag: etag(stored.data) }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        if (!object) {
          if (method === 'HEAD') return void response.writeHead(404).end();
          return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.data.length,
          'last-modified': object.lastModified.toUTCString(),
          etag: etag(object.data),
        });
        response.end(method === 'GET' ? object.data : undefined);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        sendError(response, 405, 'MethodNotAllowed', `${method} is not allowed`);
    }
  }

  function listObjects(url: URL, response: ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? listPageSize), listPageSize);
    const after = url.searchParams.get('continuation-token');
    const startAfter = after ? Buffer.from(after, 'base64url').toString('utf8') : '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > startAfter).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key) as LocalS3Object;
        return (
          `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
          `<ETag>${escapeXml(etag(object.data))}</ETag><Size>${object.data.length}</Size>` +
          '<StorageClass>STANDARD</StorageClass></Contents>'
        );
      })
      .join('');
    const next = truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64url')}</NextContinuationToken>`
      : '';
    sendXml(
      response,
      200,
      '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Recomputes the request's SigV4 signature (header form, as the AWS SDK sends it). Returns why it is refused. */
function checkSignature(
  incoming: IncomingMessage,
  url: URL,
  body: Buffer,
  credentials: Credentials,
): { code: string; message: string } | null {
  const match = authorizationPattern.exec(incoming.headers.authorization ?? '');
  if (!match) return { code: 'AccessDenied', message: 'Missing or malformed AWS4-HMAC-SHA256 Authorization header' };
  const [, accessKeyId, day, region, signedHeaderList = '', signature] = match;
  if (accessKeyId !== credentials.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'Unknown access key' };
  if (region !== credentials.region) return { code: 'AuthorizationHeaderMalformed', message: `Wrong region ${region}` };
  const amzDate = header(incoming, 'x-amz-date');
  const payloadHash = header(incoming, 'x-amz-content-sha256');
  if (!amzDate.startsWith(day ?? '-')) return { code: 'AccessDenied', message: 'x-amz-date does not match the scope' };
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    return { code: 'XAmzContentSHA256Mismatch', message: 'The body does not match x-amz-content-sha256' };
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return { code: 'AccessDenied', message: 'The host header must be signed' };

  const rawPath = (incoming.url ?? '/').split('?')[0] ?? '/';
  const query = [...url.searchParams.entries()]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${header(incoming, name).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [incoming.method, rawPath, query, canonicalHeaders, signedHeaderList, payloadHash].join(
    '\n',
  );
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let signingKey: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day ?? '');
  for (const part of [region ?? '', 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  if (expected !== signature) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return null;
}

function header(incoming: IncomingMessage, name: string): string {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function etag(data: Buffer): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function sendXml(response: ServerResponse, status: number, xml: string): void {
  response
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendXml(response, status, `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`);
}
