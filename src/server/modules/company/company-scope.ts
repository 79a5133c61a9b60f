import type { FastifyInstance } from 'fastify';
import { validatedInHandler } from '../../http/route-schemas.ts';
import { requireCompanyCaller } from './company-access.ts';

/**
 * Makes `scope` a signed-in company scope: a valid ID token on every route (401 otherwise), no caching of the
 * organization's private data, and input parsed in the handler after the membership check (a non-member gets 403,
 * never a validation message). Used by the portal's own routes and by the modules that extend it.
 */
export function asCompanyScope(scope: FastifyInstance): void {
  scope.setValidatorCompiler(validatedInHandler.validatorCompiler);
  scope.addHook('preHandler', requireCompanyCaller);
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
