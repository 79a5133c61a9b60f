import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { contentAnswer, errorAnswers } from '../../http/route-schemas.ts';
import { assertValidStorageKey, InvalidStorageKeyError } from '../../lib/storage-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import { isOrganizationLogo } from './files.repository.ts';

export const filesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Only keys some organization names as its logo: the storage also holds private files (resumes, later).
  app.get(
    '/public/files/logos/*',
    {
      config: { access: 'public' },
      schema: {
        summary: "An organization's logo",
        tags: ['files'],
        params: z.object({ '*': z.string().describe('The storage key of the logo') }),
        response: {
          200: contentAnswer('The image', 'image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'),
          ...errorAnswers(400, 404),
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      try {
        assertValidStorageKey(key);
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) throw new HttpError(400, 'invalid_request', 'Invalid logo key');
        throw error;
      }
      const stored = (await isOrganizationLogo(db, key)) ? await storage.get(key) : null;
      if (!stored) throw new HttpError(404, 'not_found', 'Logo not found');
      reply
        .type(stored.contentType)
        .header('cache-control', 'public, max-age=3600')
        // An SVG opened on its own must not run script or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength));
    },
  );
};
