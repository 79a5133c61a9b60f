import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

// The server sends to whatever endpoint a subscription names: only the browsers' push services over https are
// accepted, so nobody can make it send requests to an address they typed.

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dXJ3c2VyOjEyMw:APA91bH',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://push.services.mozilla.com/wpush/v1/abc'.replace('push.', 'autopush.push.'),
    'https://web.push.apple.com/QGuQyavXutnMgTBJs6Q',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
    'https://FCM.googleapis.com/fcm/send/abc',
  ])('accepts the push service endpoint %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another host', 'https://example.com/push'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['a host ending like a push service without the dot', 'https://evilpush.apple.com.example/x'],
    ['a bare suffix', 'https://push.apple.com/x'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['the loopback address', 'https://127.0.0.1/push'],
    ['a private address', 'https://10.0.0.5/push'],
    ['the metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['localhost', 'https://localhost:8443/push'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s', (_label, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
  });

  it('accepts the extra hosts of PUSH_ALLOWED_HOSTS, on any port, over https only', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/1', ['127.0.0.1'])).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost/push/1', ['localhost'])).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/push/1', ['127.0.0.1'])).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.2:8443/push/1', ['127.0.0.1'])).toBe(false);
  });
});
