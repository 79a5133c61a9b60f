// The server posts every push message to the endpoint a subscription names, so a subscription is accepted only when
// that endpoint is a known push service over https: a student cannot make the server send requests to an address
// they typed (an internal service, a private network). PUSH_ALLOWED_HOSTS adds hosts (the tests' local endpoint).

/** The push services of the browsers we support: exact hosts, and '.suffix' for any host under that domain. */
const knownPushServiceHosts = [
  // Chrome, Edge (Chromium), Opera, Samsung Internet: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  // Firefox: Mozilla's autopush.
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  // Safari (macOS 13+, iOS/iPadOS 16.4+ from the Home Screen): web.push.apple.com.
  '.push.apple.com',
  // Edge on Windows with WNS: wns2-*.notify.windows.com.
  '.notify.windows.com',
] as const;

function hostMatches(hostname: string, rule: string): boolean {
  return rule.startsWith('.') ? hostname.endsWith(rule) && hostname.length > rule.length : hostname === rule;
}

/**
 * True when `endpoint` is an https URL on a known push service's host (on its default port) or on one of
 * `extraHosts` (any port), with no user name or password in it.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  // URL gives IPv6 hosts in brackets; configured hosts are written without them.
  const hostname = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (extraHosts.includes(hostname)) return true;
  return url.port === '' && knownPushServiceHosts.some((rule) => hostMatches(hostname, rule));
}
