import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard'],
    ['/jobs?x=1#y'],
    ['/jobs/software-intern/apply?token=abc123'],
    ['/'],
    ['/account#resume'],
    ['/jobs?q=c%2B%2B'],
    ['/a\\b'],
  ])('honours the same-origin path %j', (value) => {
    expect(safeRedirectPath(value)).toBe(value);
  });

  it.each([
    ['protocol-relative URL', '//evil.example'],
    ['protocol-relative URL with path', '//evil.example/dashboard'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslash pair', '\\\\evil.example'],
    ['absolute https URL', 'https://evil.example'],
    ['absolute URL on our own path', 'https://evil.example/dashboard'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['upper-case javascript scheme', 'JavaScript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['percent-encoded double slash', '%2F%2Fevil'],
    ['percent-encoded second slash', '/%2Fevil.example'],
    ['percent-encoded backslash', '/%5Cevil.example'],
    ['double percent-encoded slash', '/%252Fevil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['empty string', ''],
    ['leading space', ' /dashboard'],
    ['leading tab', '\t/dashboard'],
    ['relative path', 'dashboard'],
    ['tab inside the slashes', '/\t/evil.example'],
    ['newline inside', '/dash\nboard'],
    ['null byte', '/dashboard\u0000'],
    ['encoded newline', '/%0A/evil.example'],
    ['DEL character', '/\u007F/evil.example'],
  ])('falls back on a %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBe('/dashboard');
  });

  it.each([[undefined], [null], [42], [{ href: '/dashboard' }]])('falls back on the non-string %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/dashboard');
  });

  it('uses the given fallback instead of /dashboard', () => {
    expect(safeRedirectPath('//evil.example', '/')).toBe('/');
    expect(safeRedirectPath('/jobs', '/')).toBe('/jobs');
  });
});
