// The only reader of import.meta.env: every build-time setting is checked here once, so a bad value fails at
// start-up with a readable message instead of surfacing later as a confusing network error.
// Hand-written rather than zod: this module sits on the landing page's critical path, and three variables do
// not justify shipping a validation library to every visitor.

// `.env` files and CI often set a variable to an empty string to mean "unset".
function readVariable(name: string): string | undefined {
  const value: unknown = import.meta.env[name];
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  if (typeof value !== 'string') throw new Error(`Invalid client environment: ${name} must be a string`);
  return value.trim();
}

function readBaseUrl(name: string): string | undefined {
  const value = readVariable(name);
  if (value === undefined) return undefined;
  if (!value.startsWith('/') && !/^https?:\/\/[^/]/.test(value)) {
    throw new Error(
      `Invalid client environment: ${name} must be a path such as /api or an http(s) URL, got "${value}"`,
    );
  }
  return value.replace(/\/+$/, '');
}

function readFlag(name: string): boolean {
  const value = readVariable(name);
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`Invalid client environment: ${name} must be "true" or "false", got "${value}"`);
}

/** Default backend host (spec: the "default host"), without a trailing slash. */
export const apiBaseUrl = readBaseUrl('VITE_API_BASE_URL') ?? '/api';
/** Alternate backend host (spec: the "alternate host"), when configured. */
export const apiAltBaseUrl = readBaseUrl('VITE_API_ALT_BASE_URL');
/** The flag that picks the alternate host. */
export const useAltApi = readFlag('VITE_USE_ALT_API');

if (useAltApi && apiAltBaseUrl === undefined) {
  throw new Error('Invalid client environment: VITE_USE_ALT_API is "true" but VITE_API_ALT_BASE_URL is not set');
}

/** The host every request goes to, after applying the flag. */
export const activeApiBaseUrl = useAltApi && apiAltBaseUrl !== undefined ? apiAltBaseUrl : apiBaseUrl;
/** True in `vite build` output; the service worker is only registered there. */
export const isProduction = import.meta.env.PROD;
