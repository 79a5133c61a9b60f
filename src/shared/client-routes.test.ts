import { describe, expect, it } from 'vitest';
import {
  clientPaths,
  clientRoutePatterns,
  isClientRoute,
  notFoundPagePath,
  prerenderedPaths,
} from './client-routes.ts';

describe('isClientRoute', () => {
  it('matches the fixed pages, with or without a trailing slash', () => {
    expect(isClientRoute('/')).toBe(true);
    expect(isClientRoute('/dashboard')).toBe(true);
    expect(isClientRoute('/privacy/')).toBe(true);
    expect(isClientRoute('/blog/lovable-case-study')).toBe(true);
    expect(isClientRoute('/CONTRIBUTING.md')).toBe(true);
  });

  it('matches one segment for a :parameter and no more', () => {
    expect(isClientRoute('/jobs/acme-intern')).toBe(true);
    expect(isClientRoute('/jobs/acme-intern/apply')).toBe(true);
    expect(isClientRoute('/jobs/acme-intern/apply/extra')).toBe(false);
  });

  it('matches the company portal pages and nothing below them', () => {
    expect(isClientRoute('/company')).toBe(true);
    expect(isClientRoute('/company/sign-in')).toBe(true);
    expect(isClientRoute('/company/join/abc123')).toBe(true);
    expect(isClientRoute('/company/jobs/new')).toBe(true);
    expect(isClientRoute('/company/jobs/0f6c/edit')).toBe(true);
    expect(isClientRoute('/company/applications/0f6c')).toBe(true);
    expect(isClientRoute('/company/members')).toBe(true);
    expect(isClientRoute('/company/nope')).toBe(false);
    expect(isClientRoute('/company/jobs/0f6c/delete')).toBe(false);
  });

  it('rejects unknown addresses, including the 404 page own address', () => {
    expect(isClientRoute('/nope')).toBe(false);
    expect(isClientRoute('/dashboard/settings')).toBe(false);
    expect(isClientRoute('/blog/unknown-post')).toBe(false);
    expect(isClientRoute(notFoundPagePath)).toBe(false);
  });

  it('prerenders only pages the router knows, and none behind sign-in', () => {
    for (const path of prerenderedPaths) expect(clientRoutePatterns).toContain(path);
    for (const path of [clientPaths.dashboard, clientPaths.jobs, clientPaths.account]) {
      expect(prerenderedPaths).not.toContain(path);
    }
  });
});
