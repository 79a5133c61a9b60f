import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { resumeMessages } from '../../shared/profile/resume-file.ts';
import { HttpError } from './http-error.ts';
import type { UploadSlots } from './upload-slots.ts';
import { MultipartError, type MultipartLimits, type MultipartResult, readMultipart } from './multipart.ts';

/** The upload is over its limit: the route answers 413 with its own message and closes the connection. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

export type UploadLimits = MultipartLimits & {
  /** A declared Content-Length above this is refused before a byte is read (file limit plus the form's overhead). */
  maxRequestBytes: number;
};

const interrupted = 'The upload was interrupted. Please try again.';
export const tooManyUploadsMessage = resumeMessages.uploadInProgress;

/** Uploads in flight per account (see upload-slots.ts). */
export const maxConcurrentUploadsPerAccount = 4;

declare module 'fastify' {
  interface FastifyInstance {
    uploadSlots: UploadSlots;
  }
}

/**
 * Reads a multipart/form-data request body within `limits`. Too large (declared or actual) -> UploadTooLargeError;
 * a client that went away or a truncated body -> 400 'The upload was interrupted...'; malformed multipart -> 400.
 */
export async function readMultipartRequest(
  request: FastifyRequest,
  boundary: string,
  limits: UploadLimits,
): Promise<MultipartResult> {
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > limits.maxRequestBytes) throw new UploadTooLargeError();
  const { maxRequestBytes, ...multipartLimits } = limits;
  // Routes that read uploads require a signed-in account; the peer address is the fallback key.
  const release = request.server.uploadSlots.acquire(request.user?.uid ?? `ip:${request.ip}`);
  if (!release) throw new HttpError(429, 'upload_in_progress', tooManyUploadsMessage);
  try {
    // destroyOnReturn: false so that stopping early (a limit) leaves the socket to answer 413 on.
    const stream = request.body as Readable;
    return await readMultipart(stream.iterator({ destroyOnReturn: false }), boundary, {
      ...multipartLimits,
      // A chunked body declares no length: its bytes are counted as they arrive.
      maxBodyBytes: maxRequestBytes,
    });
  } catch (error) {
    if (!(error instanceof MultipartError)) {
      // The client went away mid-upload: nothing was written, there is nobody to answer.
      request.log.info({ err: error }, 'upload interrupted');
      throw new HttpError(400, 'upload_interrupted', interrupted);
    }
    if (error.code === 'FILE_TOO_LARGE' || error.code === 'BODY_TOO_LARGE') throw new UploadTooLargeError();
    if (error.code === 'TRUNCATED') throw new HttpError(400, 'upload_interrupted', interrupted);
    throw new HttpError(400, 'upload_invalid', `Invalid upload: ${error.message}`);
  } finally {
    // The body read so far is only referenced from here: it is garbage once this returns or throws.
    release();
  }
}
