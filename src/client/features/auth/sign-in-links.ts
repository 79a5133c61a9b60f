import { safeRedirectPath } from '../../../shared/safe-redirect.ts';

/** Where the browser keeps the email-link request between the request and the callback (spec section 3). */
export const emailForSignInKey = 'emailForSignIn';
export const tenantForSignInKey = 'tenantForSignIn';

export const callbackPath = '/auth/callback';

/** Spec section 6: the email login link is sent with a students user-type marker. */
export const studentUserType = 'students';

/** The portal's own sign-in page: where "Go to Company Portal" leads unless COMPANY_PORTAL_URL says otherwise. */
export const companyPortalSignInPath = '/company/sign-in';

export function companyPortalHref(configured: string | null | undefined): string {
  const value = configured?.trim();
  return value || companyPortalSignInPath;
}

/** `/sign-in?redirectUrl=...` for a page that needs an identified user. */
export function signInPath(returnTo: string): string {
  return `/sign-in?redirectUrl=${encodeURIComponent(returnTo)}`;
}

/**
 * The continue URL of the email link: our callback with the (safe) destination.
 * The tenant deliberately stays out of it: `tenantId` is a reserved parameter of Firebase email links and a
 * continue URL carrying it fails with auth/tenant-id-mismatch; the tenant travels through local storage instead.
 */
export function buildContinueUrl(origin: string, redirectUrl: string | null | undefined): string {
  const url = new URL(callbackPath, origin);
  url.searchParams.set('redirectUrl', safeRedirectPath(redirectUrl ?? undefined));
  url.searchParams.set('userType', studentUserType);
  return url.toString();
}

export interface EmailLinkSettings {
  url: string;
  handleCodeInApp: true;
}

/** Spec section 5: the link must be handled in the app and neither the link nor the redirect may be empty. */
export function buildEmailLinkSettings(origin: string, redirectUrl: string | null | undefined): EmailLinkSettings {
  if (!origin) throw new Error('The sign-in link needs the app origin');
  return { url: buildContinueUrl(origin, redirectUrl), handleCodeInApp: true };
}

/** The emulator's action parameters that make a callback URL a sign-in link for `isSignInWithEmailLink`. */
const linkParams = ['mode', 'oobCode', 'apiKey', 'lang'] as const;

/**
 * Local development only: turns the link the Auth emulator issued into a same-origin callback URL.
 * Following the emulator's own action page would leave the app for the emulator's host; instead we keep the
 * destination from its continue URL (when that URL is ours) and carry over the one-time code.
 */
export function emulatorCallbackPath(
  oobLink: string,
  origin: string,
  fallbackRedirect: string | null | undefined,
): string {
  const link = new URL(oobLink);
  if (!link.searchParams.get('oobCode')) throw new Error('The emulator link has no oobCode');

  let redirectUrl = fallbackRedirect ?? undefined;
  const continueUrl = link.searchParams.get('continueUrl');
  if (continueUrl) {
    try {
      const parsed = new URL(continueUrl);
      if (parsed.origin === origin) redirectUrl = parsed.searchParams.get('redirectUrl') ?? redirectUrl;
    } catch {
      // A malformed continue URL: keep the fallback destination.
    }
  }

  const target = new URL(callbackPath, origin);
  target.searchParams.set('redirectUrl', safeRedirectPath(redirectUrl));
  target.searchParams.set('userType', studentUserType);
  for (const name of linkParams) {
    const value = link.searchParams.get(name);
    if (value) target.searchParams.set(name, value);
  }
  return `${target.pathname}${target.search}`;
}
