import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailAddressSchema, sameEmailAddress } from '../../../shared/schemas/create-account.ts';
import { isLoopbackHost } from '../../env.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers } from '../../http/route-schemas.ts';

// Development helpers, registered only while the Auth emulator is in use (see app.ts).

const emailLinkQuerySchema = z.object({ email: emailAddressSchema });

const oobCodesSchema = z.object({
  oobCodes: z.array(z.object({ email: z.string(), requestType: z.string(), oobLink: z.string() }).loose()),
});

export const devRoutes: FastifyPluginAsyncZod<{ authEmulatorHost: string; projectId: string }> = async (
  app,
  { authEmulatorHost, projectId },
) => {
  app.addHook('onRequest', async (request) => {
    // Emulator mode already listens on loopback only; this holds even if that ever changes.
    if (!isLoopbackHost(request.socket.remoteAddress ?? '')) throw new HttpError(404, 'not_found', 'Not found');
  });

  // The e-mail the emulator "sent": lets a developer (and the browser tests) finish an e-mail-link sign-in offline.
  // The loopback check is an onRequest hook, before the schema.
  app.get(
    '/dev/email-link',
    {
      config: { access: 'development' },
      schema: {
        summary: 'The newest e-mail sign-in link the Auth emulator sent to an address (emulator mode only)',
        tags: ['dev'],
        querystring: emailLinkQuerySchema,
        response: { 200: z.object({ link: z.string() }), ...errorAnswers(400, 404, 502) },
      },
    },
    async (request, reply) => {
      const { email } = request.query;
      const url = `http://${authEmulatorHost}/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`;
      let body: unknown;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        request.log.error({ err: error, url }, 'Auth emulator did not answer');
        throw new HttpError(502, 'upstream_unavailable', 'The Auth emulator did not answer');
      }
      const parsed = oobCodesSchema.safeParse(body);
      if (!parsed.success)
        throw new HttpError(502, 'upstream_unavailable', 'The Auth emulator answered in an unexpected format');
      // The emulator lists codes in the order it issued them.
      const newest = parsed.data.oobCodes.findLast(
        (code) => code.requestType === 'EMAIL_SIGNIN' && sameEmailAddress(code.email, email),
      );
      if (!newest) throw new HttpError(404, 'not_found', `No sign-in link was sent to ${email}`);
      reply.header('cache-control', 'no-store');
      return { link: newest.oobLink };
    },
  );
};
