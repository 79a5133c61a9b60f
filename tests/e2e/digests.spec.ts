import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { adminPost, idToken } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { waitForMail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// Alert digests (issue 26): a student's alert gets its digest e-mail (sent now, as `npm run digest -- --now` does),
// whose HTML part renders at 375 and 1280 px without accessibility violations; its one-click unsubscribe link opens,
// signed out, a page that asks before pausing, pauses on the button, and resumes; in English and French.

test.use({ serviceWorkers: 'block' });

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/digests');

const words = {
  en: {
    subject: /^13 new jobs for “Digest Labs”$/,
    confirm: 'Pause this alert?',
    pause: 'Pause',
    paused: 'Paused',
    resume: 'Resume',
    resumed: 'Resumed',
    manage: 'Manage alerts',
  },
  fr: {
    subject: /^13 nouvelles offres pour «\u00a0Digest Labs\u00a0»$/,
    confirm: 'Mettre cette alerte en pause\u00a0?',
    pause: 'Mettre en pause',
    paused: 'En pause',
    resume: 'Réactiver',
    resumed: 'Réactivée',
    manage: 'Gérer les alertes',
  },
} as const;

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?=), as nodemailer writes non-ASCII subjects, decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, encoded: string) =>
    Buffer.from(
      encoded
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** The message's file in the server's outbox folder, split into its decoded parts and its unfolded headers. */
function readMessage(file: string): { headers: string; subject: string; html: string; text: string } {
  const raw = readFileSync(path.join(e2eEnv.dataDir, 'outbox', file), 'utf8');
  const [head = ''] = raw.split('\n\n', 1);
  const boundary = /boundary="([^"]+)"/.exec(raw.replace(/\n[ \t]+/g, ' '))?.[1];
  expect(boundary, 'a multipart message').toBeTruthy();
  const part = (type: string) => {
    const found = raw.split(`--${boundary}`).find((chunk) => chunk.includes(`Content-Type: ${type}`)) ?? '';
    const body = found.slice(found.indexOf('\n\n') + 2);
    // Quoted-printable, decoded to bytes and then read as UTF-8.
    const bytes = Buffer.from(
      body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
    return bytes.toString('utf8');
  };
  const headers = head.replace(/\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
  return { headers, subject, html: part('text/html'), text: part('text/plain') };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
}

async function api(token: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${e2eEnv.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

for (const locale of ['en', 'fr'] as const) {
  test(`a digest e-mail in ${locale === 'en' ? 'English' : 'French'}: rendered, then unsubscribed and resumed from its link, signed out`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const w = words[locale];
    const email = uniqueEmail(`digest-${locale}`);
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await idToken(page);
    if (locale === 'fr') {
      expect((await api(token, 'PATCH', '/api/auth/account', { locale: 'fr' })).status).toBe(200);
    }
    const created = await api(token, 'POST', '/api/alerts', {
      name: 'Digest Labs',
      filters: { q: `Digest Labs ${locale}` },
      frequency: 'daily',
      channels: ['email'],
    });
    expect(created.status).toBe(201);
    const alertId = ((await created.json()) as { id: string }).id;

    // Thirteen jobs enter the board after the alert: twelve in the e-mail, "and 1 more".
    const now = Math.floor(Date.now() / 1000);
    const listings: FeedListing[] = Array.from({ length: 13 }, (_, index) =>
      feedListing({
        id: `e2e-digest-${locale}-${index}`,
        title:
          locale === 'fr' ? `Stagiaire en génie logiciel ${index + 1}` : `Software Engineering Intern ${index + 1}`,
        company_name: `Digest Labs ${locale}`,
        locations: index % 3 === 0 ? ['Montréal, QC, Canada', 'Toronto, ON, Canada'] : ['Toronto, ON, Canada'],
        date_posted: now - index * 3600,
        url: `https://careers.example.com/digest/${locale}/${index}`,
      }),
    );
    await adminPost('ingest', {
      sources: [{ name: `e2e-digest-${locale}-internships.json`, type: 'internship', records: listings }],
    });
    const report = await adminPost<{ students: number; emails: number }>('digests', { email });
    expect(report).toMatchObject({ students: 1, emails: 1 });

    const mail = await waitForMail(email, new RegExp(`Digest Labs ${locale}`));
    const message = readMessage(mail.file);
    expect(message.subject).toMatch(w.subject);
    expect(message.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /List-Unsubscribe: <(https?:[^>]+)>/.exec(message.headers)?.[1];
    expect(link).toBeTruthy();
    expect(message.text).toContain(
      locale === 'en' ? 'And 1 more: see them on the board' : 'Et 1 autre\u00a0: voyez-les sur le tableau',
    );

    // The HTML part as a mail client shows it.
    const mailView = await (await browser.newContext()).newPage();
    await mailView.setContent(message.html);
    await expect(mailView.locator('html')).toHaveAttribute('lang', locale);
    await expect(mailView.getByRole('listitem')).toHaveCount(12);
    await expectNoAxeViolations(mailView);
    await shots(mailView, `digest-email-${locale}`);

    // The unsubscribe link, in a browser with no session (a mail client's).
    const url = new URL(link!);
    const visitor = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await visitor.goto(`${url.pathname}${url.search}`);
    await expect(visitor.getByRole('heading', { level: 1, name: w.confirm })).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('lang', locale);
    // A GET only asks: the alert still runs.
    let alerts = (await (await api(token, 'GET', '/api/alerts')).json()) as {
      alerts: { id: string; pausedAt: string | null }[];
    };
    expect(alerts.alerts.find((alert) => alert.id === alertId)?.pausedAt).toBeNull();
    await expectNoAxeViolations(visitor);
    expect((await visitor.getByRole('button', { name: w.pause }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(
      44,
    );
    await shots(visitor, `unsubscribe-confirm-${locale}`);

    await visitor.getByRole('button', { name: w.pause }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: w.paused })).toBeVisible();
    alerts = (await (await api(token, 'GET', '/api/alerts')).json()) as typeof alerts;
    expect(alerts.alerts.find((alert) => alert.id === alertId)?.pausedAt).not.toBeNull();
    await expect(visitor.getByRole('link', { name: w.manage })).toHaveAttribute('href', '/alerts');
    await expectNoAxeViolations(visitor);
    await shots(visitor, `unsubscribe-paused-${locale}`);

    // With the keyboard: Resume is reachable by Tab and works with Enter.
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.press('Tab');
    await expect(visitor.getByRole('button', { name: w.resume })).toBeFocused();
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('heading', { level: 1, name: w.resumed })).toBeVisible();
    alerts = (await (await api(token, 'GET', '/api/alerts')).json()) as typeof alerts;
    expect(alerts.alerts.find((alert) => alert.id === alertId)?.pausedAt).toBeNull();
  });
}
