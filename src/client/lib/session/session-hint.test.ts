import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser's localStorage as the session store sees it (Node has none). */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

/** The session store as a fresh page load would start it, with `stored` in localStorage. */
async function freshStore(stored: Record<string, string>) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  return import('./session-store.ts');
}

const student = { uid: 'u-1', email: 'ada@students.example.edu', displayName: 'Ada', photoURL: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session before Firebase answers', () => {
  it('is the student this browser last had signed in, not yet restored', async () => {
    const store = await freshStore({ 'signed-in-hint': '1', 'signed-in-user': JSON.stringify(student) });
    expect(store.getSession()).toEqual({ status: 'identified', user: student, isAnonymous: false });
    expect(store.isSessionRestored()).toBe(false);
  });

  it('is loading without the hint, even with a stored user', async () => {
    const store = await freshStore({ 'signed-in-user': JSON.stringify(student) });
    expect(store.getSession().status).toBe('loading');
  });

  it.each([
    ['no stored user', undefined],
    ['unreadable JSON', '{'],
    ['a user without uid', JSON.stringify({ ...student, uid: '' })],
    ['a wrongly typed field', JSON.stringify({ ...student, email: 42 })],
  ])('is loading with the hint but %s', async (_case, user) => {
    const store = await freshStore({
      'signed-in-hint': '1',
      ...(user === undefined ? {} : { 'signed-in-user': user }),
    });
    expect(store.getSession().status).toBe('loading');
  });
});
