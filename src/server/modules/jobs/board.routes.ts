import type { FastifyPluginAsync } from 'fastify'
import { jobBoardQuerySchema } from '../../../shared/jobs/job-filters-schema.ts'
import { entityTag, ifNoneMatchHits, preferredEncoding } from '../../http/conditional-get.ts'
import { parseRequest } from '../../http/http-error.ts'
import type { BoardIndex } from './board-index.service.ts'

const json = 'application/json; charset=utf-8'

export const boardRoutes: FastifyPluginAsync<{ boardIndex: BoardIndex }> = async (app, { boardIndex }) => {
  // One page of the board: filtered, sorted and paged in memory. The answer is a function of (version, URL), so the
  // version is a valid ETag for it. Compressed by the page itself, once per page and encoding (BoardPage).
  app.get('/public/board', { compress: false }, async (request, reply) => {
    const view = boardIndex.view()
    // A URL already answered in this version was valid: its body is sent without parsing the query again.
    const known = view.urlPage(request.url)
    const query = known === undefined ? parseRequest(jobBoardQuerySchema, request.query) : null
    const etag = entityTag(view.version)
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding')
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send()
    const page = known ?? view.queryPage(query!, request.url)
    const { encoding, bytes } = page.encoded(preferredEncoding(request.headers['accept-encoding']))
    reply.type(json)
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    return reply.send(bytes)
  })

  // Every active job, for the client's offline copy. Compressed once per version, never per request.
  app.get('/public/board/snapshot', { compress: false }, async (request, reply) => {
    const view = boardIndex.view()
    const etag = entityTag(view.version)
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding')
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send()
    const snapshot = await view.snapshot()
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    reply.type(json)
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    return reply.send(encoding === 'br' ? snapshot.brotli : encoding === 'gzip' ? snapshot.gzip : await snapshot.identity())
  })
}
