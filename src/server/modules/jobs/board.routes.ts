import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobBoardQuerySchema } from '../../../shared/jobs/job-filters-schema.ts';
import { entityTag, ifNoneMatchHits, preferredEncoding } from '../../http/conditional-get.ts';
import { parseRequest } from '../../http/http-error.ts';
import { contentAnswer, emptyAnswer, errorAnswers, validatedInHandler } from '../../http/route-schemas.ts';
import type { BoardIndex } from './board-index.service.ts';

const json = 'application/json; charset=utf-8';

export const boardRoutes: FastifyPluginAsyncZod<{ boardIndex: BoardIndex }> = async (app, { boardIndex }) => {
  // One page of the board: filtered, sorted and paged in memory. The answer is a function of (version, URL), so the
  // version is a valid ETag for it. Compressed by the page itself, once per page and encoding (BoardPage).
  // The body is bytes compressed once per page (never serialized per request): documented by content type.
  app.get(
    '/public/board',
    {
      config: { access: 'public' },
      compress: false,
      // A URL already answered is not parsed again (below): the query is checked in the handler.
      ...validatedInHandler,
      schema: {
        summary: 'One page of the job board, filtered and sorted',
        tags: ['jobs'],
        querystring: jobBoardQuerySchema,
        response: {
          200: contentAnswer('BoardPage: { jobs: BoardJob[], total, ... } (src/shared/jobs)', 'application/json'),
          304: emptyAnswer.describe('Not modified (If-None-Match: the board version)'),
          ...errorAnswers(400),
        },
      },
    },
    async (request, reply) => {
      const view = boardIndex.view();
      // A URL already answered in this version was valid: its body is sent without parsing the query again.
      const known = view.urlPage(request.url);
      const query = known === undefined ? parseRequest(jobBoardQuerySchema, request.query) : null;
      const etag = entityTag(view.version);
      reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const page = known ?? view.queryPage(query!, request.url);
      const { encoding, bytes } = page.encoded(preferredEncoding(request.headers['accept-encoding']));
      reply.type(json);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(bytes);
    },
  );

  // Every active job, for the client's offline copy. Compressed once per version, never per request.
  app.get(
    '/public/board/snapshot',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        summary: 'Every active job, for the offline copy',
        tags: ['jobs'],
        response: {
          200: contentAnswer('{ version, jobs: BoardJob[] } (src/shared/jobs)', 'application/json'),
          304: emptyAnswer.describe('Not modified (If-None-Match: the board version)'),
        },
      },
    },
    async (request, reply) => {
      const view = boardIndex.view();
      const etag = entityTag(view.version);
      reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const snapshot = await view.snapshot();
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.type(json);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(
        encoding === 'br' ? snapshot.brotli : encoding === 'gzip' ? snapshot.gzip : await snapshot.identity(),
      );
    },
  );
};
