import { describe, expect, it } from 'vitest';
import { type BrowserTraits, pushSupportOf } from './push-support.ts';
import { keyBytes } from './push-subscription.ts';

// Which browsers can turn push on, and what an iPhone in a Safari tab is told instead.

const chrome: BrowserTraits = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  standalone: false,
  maxTouchPoints: 0,
};
const iphoneSafariTab: BrowserTraits = {
  serviceWorker: true,
  pushManager: false,
  notification: false,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  standalone: false,
  maxTouchPoints: 5,
};

describe('pushSupportOf', () => {
  it('a browser with service workers, the Push API and notifications can turn push on', () => {
    expect(pushSupportOf(chrome)).toBe('supported');
    expect(pushSupportOf({ ...iphoneSafariTab, pushManager: true, notification: true, standalone: true })).toBe(
      'supported',
    );
  });

  it('an iPhone, or an iPad presenting itself as a Mac, in a Safari tab: add the app to the Home Screen', () => {
    expect(pushSupportOf(iphoneSafariTab)).toBe('needs-home-screen');
    const ipad = { ...iphoneSafariTab, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15' };
    expect(pushSupportOf(ipad)).toBe('needs-home-screen');
  });

  it('from the Home Screen on an iOS too old for web push, or on a desktop without the Push API: unsupported', () => {
    expect(pushSupportOf({ ...iphoneSafariTab, standalone: true })).toBe('unsupported');
    expect(pushSupportOf({ ...chrome, pushManager: false })).toBe('unsupported');
    const mac = { ...chrome, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', pushManager: false };
    expect(pushSupportOf(mac)).toBe('unsupported');
  });
});

describe('keyBytes', () => {
  it('decodes the base64url VAPID key into the 65 bytes of a P-256 point', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});
