// Small HTTP helpers for responses built once per data version: ETag revalidation and picking a precompressed body.

/** A strong entity tag for an opaque version string. */
export function entityTag(version: string): string {
  return `"${version.replace(/["\\]/g, '')}"`;
}

/** True when If-None-Match names `etag` (weak or strong, RFC 9110 weak comparison) or is `*`. */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const bare = etag.replace(/^W\//, '');
  return value.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Brotli when accepted, then gzip, else none; `q=0` refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}
