import { describe, expect, it } from 'vitest';
import { type AuthUser, createVerifiedTokenCache } from './auth.ts';

const user: AuthUser = {
  uid: 'u1',
  email: 'ada@example.test',
  emailVerified: true,
  isAnonymous: false,
  provider: 'google.com',
  name: 'Ada',
};

describe('createVerifiedTokenCache', () => {
  it('answers a verified token until the token expires, never after', () => {
    const cache = createVerifiedTokenCache();
    const now = 1_000_000_000_000;
    cache.set('token-a', user, now / 1000 + 60, now);
    expect(cache.get('token-a', now + 59_999)).toEqual(user);
    expect(cache.get('token-a', now + 60_000)).toBeNull();
  });

  it('holds entries at most maxAgeMs (the emulator setting), even for a token valid longer', () => {
    const cache = createVerifiedTokenCache({ maxAgeMs: 30_000 });
    const now = 1_000_000_000_000;
    cache.set('token-a', user, now / 1000 + 3600, now);
    expect(cache.get('token-a', now + 29_999)).toEqual(user);
    expect(cache.get('token-a', now + 30_000)).toBeNull();
  });

  it('knows only the exact token: another token (even of the same user) is not answered', () => {
    const cache = createVerifiedTokenCache();
    const now = Date.now();
    cache.set('token-a', user, now / 1000 + 60, now);
    expect(cache.get('token-b', now)).toBeNull();
    expect(cache.get('token-a ', now)).toBeNull();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createVerifiedTokenCache({ maxEntries: 2 });
    const now = Date.now();
    const exp = now / 1000 + 60;
    cache.set('a', user, exp, now);
    cache.set('b', user, exp, now);
    cache.get('a', now);
    cache.set('c', user, exp, now);
    expect(cache.get('a', now)).toEqual(user);
    expect(cache.get('b', now)).toBeNull();
    expect(cache.get('c', now)).toEqual(user);
  });
});
