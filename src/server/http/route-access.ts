import type { FastifyInstance } from 'fastify';

// Who may call each API route, stated on the route itself (`config: { access }`), so a reader sees it where the route
// is and the access-matrix test (src/server/http/route-access.api.test.ts) probes every route by what it states: a
// route added without one stops the app from starting. The guards (plugins/auth.ts, company-access.ts) enforce it;
// the test proves that each route's guard and its statement agree.

export const routeAccessKinds = {
  public: 'Anyone, without a token.',
  'signed-in': 'Any valid ID token, anonymous sessions included.',
  account: 'A signed-in person with an identified account (not an anonymous session); only their own data.',
  'resource-owner':
    'The account that owns the resource named in the path (an application sent by the caller); ' +
    'anyone else gets 404, as for an id that does not exist.',
  'organization-member': 'A member (or owner) of the organization the resource belongs to.',
  'organization-owner': 'An owner of the organization the resource belongs to.',
  admin: "The operator: DATA_DIR/admin-token, from the server's own machine.",
  operator: 'A signed-in account whose verified e-mail is listed in ADMIN_EMAILS (the moderators).',
  development: 'The local mode with the Auth emulator only, from the same machine.',
} as const;

export type RouteAccess = keyof typeof routeAccessKinds;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (routeAccessKinds). Required on every /api route. */
    access?: RouteAccess;
  }
}

export class MissingRouteAccessError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} does not state who may call it: add config: { access } (src/server/http/route-access.ts)`);
    this.name = 'MissingRouteAccessError';
  }
}

/** Refuses to register an /api route that states no access, or states one that does not exist. */
export function requireRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access || !Object.hasOwn(routeAccessKinds, access)) {
      throw new MissingRouteAccessError([route.method].flat().join(','), route.url);
    }
  });
}
