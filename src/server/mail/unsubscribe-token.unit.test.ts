import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, unsubscribeHeaders, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const secret = 'a-test-secret-of-at-least-32-characters!';

describe('unsubscribe tokens', () => {
  it('give back the subject they were signed for, and only with the same secret', () => {
    const subject = { kind: 'alerts', value: '3f1c9e64-2a53-4d5b-8f0e-1a2b3c4d5e6f' };
    const token = signUnsubscribeToken(secret, subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(verifyUnsubscribeToken(secret, token)).toEqual(subject);
    expect(verifyUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeNull();
  });

  it('refuse an altered subject, an altered signature and anything malformed', () => {
    const token = signUnsubscribeToken(secret, { kind: 'alerts', value: 'one' });
    const [subject, mac] = token.split('.') as [string, string];
    const otherSubject = Buffer.from('alerts:two').toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${otherSubject}.${mac}`)).toBeNull();
    const flipped = mac.startsWith('A') ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(verifyUnsubscribeToken(secret, `${subject}.${flipped}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${subject}.`, `${subject}.${mac}x`, `${subject}!.${mac}`]) {
      expect(verifyUnsubscribeToken(secret, bad), bad).toBeNull();
    }
  });

  it('refuse kinds that are not short words', () => {
    expect(() => signUnsubscribeToken(secret, { kind: 'Alerts!', value: 'x' })).toThrow();
  });
});

describe('unsubscribeHeaders', () => {
  it('are the RFC 8058 pair: an https link and a mailto, and the one-click marker', () => {
    const headers = unsubscribeHeaders('https://x.test/api/unsubscribe/t.k', 'support@x.test', 't.k');
    expect(headers).toEqual({
      'List-Unsubscribe': '<https://x.test/api/unsubscribe/t.k>, <mailto:support@x.test?subject=unsubscribe%20t.k>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
