import { describe, expect, it } from 'vitest';
import {
  buildContinueUrl,
  buildEmailLinkSettings,
  emulatorCallbackPath,
  signInPath,
  companyPortalHref,
} from './sign-in-links.ts';

const origin = 'http://127.0.0.1:3300';

describe('buildContinueUrl', () => {
  it('points at /auth/callback with the encoded redirect and the students marker', () => {
    const url = new URL(buildContinueUrl(origin, '/jobs/abc/apply?token=t1'));
    expect(url.origin).toBe(origin);
    expect(url.pathname).toBe('/auth/callback');
    expect(url.searchParams.get('redirectUrl')).toBe('/jobs/abc/apply?token=t1');
    expect(url.searchParams.get('userType')).toBe('students');
  });

  it('defaults the redirect to /dashboard', () => {
    expect(new URL(buildContinueUrl(origin, undefined)).searchParams.get('redirectUrl')).toBe('/dashboard');
    expect(new URL(buildContinueUrl(origin, '')).searchParams.get('redirectUrl')).toBe('/dashboard');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'replaces the unsafe redirect %j with /dashboard',
    (unsafe) => {
      expect(new URL(buildContinueUrl(origin, unsafe)).searchParams.get('redirectUrl')).toBe('/dashboard');
    },
  );

  it('never carries the reserved tenantId parameter', () => {
    expect(new URL(buildContinueUrl(origin, '/dashboard')).searchParams.has('tenantId')).toBe(false);
  });
});

describe('buildEmailLinkSettings', () => {
  it('asks for the code to be handled in the app', () => {
    expect(buildEmailLinkSettings(origin, '/account')).toEqual({
      url: `${origin}/auth/callback?redirectUrl=%2Faccount&userType=students`,
      handleCodeInApp: true,
    });
  });

  it('refuses an empty origin', () => {
    expect(() => buildEmailLinkSettings('', '/account')).toThrow();
  });
});

describe('signInPath', () => {
  it('encodes the path and query to return to', () => {
    expect(signInPath('/jobs/applied?x=1&y=2')).toBe('/sign-in?redirectUrl=%2Fjobs%2Fapplied%3Fx%3D1%26y%3D2');
  });
});

describe('emulatorCallbackPath', () => {
  const continueUrl = `${origin}/auth/callback?redirectUrl=%2Faccount&userType=students`;
  const oobLink =
    `http://127.0.0.1:9199/emulator/action?mode=signIn&lang=en&oobCode=CODE123&apiKey=fake-api-key` +
    `&continueUrl=${encodeURIComponent(continueUrl)}`;

  it('keeps the code and destination on our own origin', () => {
    const path = emulatorCallbackPath(oobLink, origin, undefined);
    const url = new URL(path, origin);
    expect(url.pathname).toBe('/auth/callback');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirectUrl: '/account',
      userType: 'students',
      mode: 'signIn',
      oobCode: 'CODE123',
      apiKey: 'fake-api-key',
      lang: 'en',
    });
  });

  it('ignores a continue URL of another origin and uses the fallback destination', () => {
    const foreign = oobLink.replace(encodeURIComponent(origin), encodeURIComponent('https://evil.example'));
    const url = new URL(emulatorCallbackPath(foreign, origin, '/jobs'), origin);
    expect(url.searchParams.get('redirectUrl')).toBe('/jobs');
  });

  it('still sanitises the destination found in the continue URL', () => {
    const sneaky = oobLink.replace('%252Faccount', encodeURIComponent(encodeURIComponent('//evil.example')));
    const url = new URL(emulatorCallbackPath(sneaky, origin, undefined), origin);
    expect(url.searchParams.get('redirectUrl')).toBe('/dashboard');
  });

  it('throws when the link carries no one-time code', () => {
    expect(() => emulatorCallbackPath('http://127.0.0.1:9199/emulator/action?mode=signIn', origin, null)).toThrow();
  });
});

describe('companyPortalHref', () => {
  it('leads to the app’s own portal sign-in when no portal URL is configured', () => {
    expect(companyPortalHref('')).toBe('/company/sign-in');
    expect(companyPortalHref(undefined)).toBe('/company/sign-in');
  });

  it('keeps a configured COMPANY_PORTAL_URL', () => {
    expect(companyPortalHref('https://hire.example.com/login')).toBe('https://hire.example.com/login');
  });
});
