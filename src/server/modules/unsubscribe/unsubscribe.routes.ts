import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErrorCode, errorMessages } from '../../../shared/errors/error-codes.ts';
import type { Locale } from '../../../shared/locale.ts';
import { contentAnswer } from '../../http/route-schemas.ts';
import { mailLocaleOf } from '../../mail/mail-layout.ts';
import { verifyUnsubscribeToken } from '../../mail/unsubscribe-token.ts';
import { pageLocale } from '../app-pages/index.ts';
import type { UnsubscribeKind, UnsubscribeTarget } from './unsubscribe-kind.ts';
import { type PageState, unsubscribePage } from './unsubscribe-page.ts';

// Unsubscribe links (RFC 8058), signed out: `GET /api/unsubscribe?token=` shows a page that asks to confirm,
// `POST` to the same address (a mail provider's one-click `List-Unsubscribe=One-Click`, or the page's button) stops
// the e-mails and answers 200, `POST /api/unsubscribe/resume?token=` undoes it. The token says what to stop (its
// kind, handled by the module that sends those e-mails) and proves we signed it (mail/unsubscribe-token.ts).
// A bad token is 400 `unsubscribe_link_invalid`, a good one whose subject was deleted 404 `unsubscribe_target_gone`.
// Browsers get pages (in the recipient's language, else the browser's); other callers JSON.

export type UnsubscribeRoutesOptions = {
  secret: string;
  kinds: readonly UnsubscribeKind[];
  now?: () => number;
};

const tokenQuerySchema = z.object({
  token: z.string().max(2000).optional().describe('The signed token of the link (mail/unsubscribe-token.ts)'),
});

const pageAnswers = {
  200: contentAnswer(
    'The page (text/html), or `{ status }` for a caller that does not accept HTML',
    'text/html',
    'application/json',
  ),
  400: contentAnswer('unsubscribe_link_invalid: a page, or `{ error, code }`', 'text/html', 'application/json'),
  404: contentAnswer('unsubscribe_target_gone: a page, or `{ error, code }`', 'text/html', 'application/json'),
};

class LinkError extends Error {
  readonly status: 400 | 404;
  readonly code: ErrorCode;

  constructor(status: 400 | 404, code: ErrorCode) {
    super(errorMessages[code]);
    this.status = status;
    this.code = code;
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (
  app,
  { secret, kinds, now = Date.now },
) => {
  const kindsByName = new Map(kinds.map((kind) => [kind.kind, kind]));

  // One-click POSTs come as form data (urlencoded or multipart) or with no body at all; the token in the address is
  // what counts, so any body up to a few KB is read and set aside.
  // The token is in these addresses: no page of ours passes it on in a Referer (after the app's own onSend header).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
  });

  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  async function resolve(
    token: string | undefined,
  ): Promise<{ kind: UnsubscribeKind; value: string; target: UnsubscribeTarget }> {
    const subject = token ? verifyUnsubscribeToken(secret, token) : null;
    const kind = subject ? kindsByName.get(subject.kind) : undefined;
    if (!subject || !kind || !kind.isValidValue(subject.value)) throw new LinkError(400, 'unsubscribe_link_invalid');
    const target = await kind.find(subject.value);
    if (!target) throw new LinkError(404, 'unsubscribe_target_gone');
    return { kind, value: subject.value, target };
  }

  // The recipient's language when the link's subject has one, else the browser's (cookie, Accept-Language).
  function localeFor(request: FastifyRequest, target: UnsubscribeTarget | null): Locale {
    return target?.locale ? mailLocaleOf(target.locale) : pageLocale(request);
  }

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    state: PageState,
    target: UnsubscribeTarget | null,
  ) {
    const query = `?token=${encodeURIComponent((request.query as { token?: string }).token ?? '')}`;
    const actions = { stop: `/api/unsubscribe${query}`, resume: `/api/unsubscribe/resume${query}` };
    return (
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // No script, no frames; the page's links and forms stay on this site, and the token is never sent on.
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        )
        .send(unsubscribePage(localeFor(request, target), state, actions))
    );
  }

  async function handle(
    request: FastifyRequest<{ Querystring: z.infer<typeof tokenQuerySchema> }>,
    reply: FastifyReply,
    action: 'show' | 'stop' | 'resume',
  ) {
    try {
      const { kind, value, target } = await resolve(request.query.token);
      const at = new Date(now());
      if (action === 'stop') await kind.stop(value, at);
      if (action === 'resume') await kind.resume(value, at);
      const stopped = action === 'stop' || (action === 'show' && !target.active);
      if (!wantsHtml(request)) {
        reply.header('cache-control', 'no-store');
        return { status: stopped ? 'stopped' : action === 'resume' ? 'resumed' : 'active' };
      }
      const step = stopped ? 'stopped' : action === 'resume' ? 'resumed' : 'confirm';
      const locale = localeFor(request, target);
      return sendPage(
        request,
        reply,
        200,
        { kind: 'link', step, names: target.names, texts: kind.texts[locale], managePath: kind.managePath },
        target,
      );
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      if (!wantsHtml(request)) return reply.code(error.status).send({ error: error.message, code: error.code });
      return sendPage(request, reply, error.status, { kind: error.status === 400 ? 'invalid' : 'gone' }, null);
    }
  }

  const schema = { tags: ['unsubscribe'], querystring: tokenQuerySchema, response: pageAnswers };

  app.get(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: { ...schema, summary: 'The page of an unsubscribe link: asks to confirm (a GET never unsubscribes)' },
    },
    (request, reply) => handle(request, reply, 'show'),
  );

  app.post(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        ...schema,
        summary: 'One-click unsubscribe (RFC 8058): stops what the token names; body List-Unsubscribe=One-Click',
      },
    },
    (request, reply) => handle(request, reply, 'stop'),
  );

  app.post(
    '/unsubscribe/resume',
    {
      config: { access: 'public' },
      schema: { ...schema, summary: 'Undoes an unsubscribe: resumes what the token names' },
    },
    (request, reply) => handle(request, reply, 'resume'),
  );
};
