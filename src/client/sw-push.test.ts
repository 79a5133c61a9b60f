import { describe, expect, it } from 'vitest';
import { clickTarget, defaultNotificationPath, notificationForPush } from './sw-push.ts';

// What the service worker shows for a push and where a click leads: only pages of this app, whatever the data says.

describe('notificationForPush', () => {
  it("shows the server's title and body, with the app's icon and badge, the tag, and the page to open", () => {
    const data = JSON.stringify({
      title: 'Application update: Data Intern',
      body: 'Your application at Initech is now: Interview.',
      url: '/jobs/applied#application-1',
      tag: 'application-1',
    });
    expect(notificationForPush(data)).toEqual({
      title: 'Application update: Data Intern',
      options: {
        body: 'Your application at Initech is now: Interview.',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: 'application-1',
        data: { url: '/jobs/applied#application-1' },
      },
    });
  });

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['a protocol-relative address', '//evil.example/phish'],
    ['a script', 'javascript:alert(1)'],
    ['a backslash trick', '/\\evil.example'],
  ])('never keeps %s as the page to open', (_label, url) => {
    const shown = notificationForPush(JSON.stringify({ title: 'Hi', body: '', url }));
    expect(shown.options.data.url).toBe(defaultNotificationPath);
  });

  it('still shows a notification for data it cannot read (browsers require one per push)', () => {
    for (const data of [null, '', 'not json', '42', JSON.stringify({ title: 7 })]) {
      const shown = notificationForPush(data);
      expect(shown.title).toBe('Campus Jobs');
      expect(shown.options).toMatchObject({ body: '', data: { url: defaultNotificationPath } });
      expect(shown.options.tag).toBeUndefined();
    }
  });
});

describe('clickTarget', () => {
  const origin = 'https://campusjobs.dev';

  it("opens the notification's page on the app's own origin", () => {
    expect(clickTarget({ url: '/jobs/applied#application-1' }, origin)).toBe(
      'https://campusjobs.dev/jobs/applied#application-1',
    );
  });

  it('opens the dashboard for anything else', () => {
    for (const data of [null, undefined, {}, { url: 'https://evil.example/' }, { url: '//evil.example' }, 'x']) {
      expect(clickTarget(data, origin)).toBe('https://campusjobs.dev/dashboard');
    }
  });
});
