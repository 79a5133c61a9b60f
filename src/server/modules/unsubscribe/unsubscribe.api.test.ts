import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { insertAlert, insertStudent } from '../../../../tests/api-setup/digests.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { type AlertRow, alerts, users } from '../../db/schema.ts';
import { signUnsubscribeToken } from '../../mail/unsubscribe-token.ts';

// The unsubscribe links of e-mails (RFC 8058), signed out: a GET shows a page and changes nothing, a one-click POST
// (no cookies, no session) pauses what the token names and answers 200, Resume undoes it; a bad token is 400, one
// whose alert is gone 404, and neither changes anything.

const secret = 'unsubscribe-test-secret-0123456789abcdef012345';
let testDatabase: TestDatabase;
let app: FastifyInstance;
let alert: AlertRow;
let frenchAlert: AlertRow;

const db = () => testDatabase.database.db;
const tokenFor = (ids: string[]) => signUnsubscribeToken(secret, { kind: 'alerts', value: ids.join(',') });
const linkFor = (ids: string[]) => `/api/unsubscribe?token=${tokenFor(ids)}`;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const oneClick = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
};

async function pausedAt(id: string): Promise<Date | null> {
  const [row] = await db().select({ pausedAt: alerts.pausedAt }).from(alerts).where(eq(alerts.id, id));
  return row?.pausedAt ?? null;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ UNSUBSCRIBE_SECRET: secret }) });
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

beforeEach(async () => {
  await db().delete(users);
  const student = await insertStudent(db(), { locale: 'en' });
  alert = await insertAlert(db(), { userUid: student.uid, name: 'Toronto <software> interns' });
  const french = await insertStudent(db(), { locale: 'fr' });
  frenchAlert = await insertAlert(db(), { userUid: french.uid, name: 'Stages à Montréal' });
});

describe('GET: a page that asks, and changes nothing', () => {
  it('shows the alert and a Pause button in the recipient’s language, signed out, without pausing', async () => {
    const unchanged = await watchAppState({ db: db() });
    const response = await app.inject({ method: 'GET', url: linkFor([alert.id]), headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(response.body).toContain('<h1>Pause this alert?</h1>');
    expect(response.body).toContain('“Toronto &lt;software&gt; interns”');
    expect(response.body).toContain(`<form method="post" action="${linkFor([alert.id])}">`);
    expect(response.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(response.body).toContain('href="/alerts"');
    await unchanged.expectUnchanged('a GET of the link');

    const french = await app.inject({ method: 'GET', url: linkFor([frenchAlert.id]), headers: html });
    expect(french.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(french.body).toContain('Mettre cette alerte en pause\u00a0?');
    expect(french.body).toContain('Gérer les alertes');
  });

  it('answers a caller that does not ask for HTML with the state as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: linkFor([alert.id]) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'active' });
  });
});

describe('POST: one click', () => {
  it('pauses the alert with the RFC 8058 body, no cookies, no session, and answers 200; again changes nothing', async () => {
    const response = await app.inject({ method: 'POST', url: linkFor([alert.id]), ...oneClick });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'stopped' });
    const first = await pausedAt(alert.id);
    expect(first).toBeInstanceOf(Date);
    expect(await pausedAt(frenchAlert.id)).toBeNull();

    const again = await app.inject({ method: 'POST', url: linkFor([alert.id]), ...oneClick });
    expect(again.statusCode).toBe(200);
    expect(await pausedAt(alert.id)).toEqual(first);
  });

  it('takes the form as multipart too, or no body at all', async () => {
    const boundary = '----unsubscribe';
    const multipart = await app.inject({
      method: 'POST',
      url: linkFor([alert.id]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await pausedAt(alert.id)).toBeInstanceOf(Date);
    const empty = await app.inject({ method: 'POST', url: linkFor([frenchAlert.id]) });
    expect(empty.statusCode).toBe(200);
    expect(await pausedAt(frenchAlert.id)).toBeInstanceOf(Date);
  });

  it('from the page’s button: the Paused page with Resume, which resumes', async () => {
    const stopped = await app.inject({
      method: 'POST',
      url: linkFor([alert.id]),
      headers: { ...oneClick.headers, ...html },
      payload: oneClick.payload,
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('<h1>Paused</h1>');
    const resumeAction = `/api/unsubscribe/resume?token=${tokenFor([alert.id])}`;
    expect(stopped.body).toContain(`action="${resumeAction}"`);
    // The link opened again later shows the same state.
    const page = await app.inject({ method: 'GET', url: linkFor([alert.id]), headers: html });
    expect(page.body).toContain('<h1>Paused</h1>');

    const resumed = await app.inject({
      method: 'POST',
      url: resumeAction,
      headers: { ...oneClick.headers, ...html },
      payload: oneClick.payload,
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body).toContain('<h1>Resumed</h1>');
    expect(await pausedAt(alert.id)).toBeNull();
  });

  it('a link naming several alerts pauses each of them', async () => {
    const response = await app.inject({ method: 'POST', url: linkFor([alert.id, frenchAlert.id]), ...oneClick });
    expect(response.statusCode).toBe(200);
    expect(await pausedAt(alert.id)).toBeInstanceOf(Date);
    expect(await pausedAt(frenchAlert.id)).toBeInstanceOf(Date);
  });
});

describe('bad links', () => {
  it('400 unsubscribe_link_invalid for a missing, cut, altered or foreign token; 404 unsubscribe_target_gone once the alert is deleted; nothing changes', async () => {
    const good = tokenFor([alert.id]);
    const [subject, mac] = good.split('.') as [string, string];
    const invalid = [
      '/api/unsubscribe',
      '/api/unsubscribe?token=',
      `/api/unsubscribe?token=${subject}`,
      `/api/unsubscribe?token=${good.slice(0, -3)}`,
      `/api/unsubscribe?token=${Buffer.from(`alerts:${frenchAlert.id}`).toString('base64url')}.${mac}`,
      `/api/unsubscribe?token=${signUnsubscribeToken('another-secret-0123456789abcdef0123456789', { kind: 'alerts', value: alert.id })}`,
      `/api/unsubscribe?token=${signUnsubscribeToken(secret, { kind: 'nothing-we-send', value: alert.id })}`,
      `/api/unsubscribe?token=${signUnsubscribeToken(secret, { kind: 'alerts', value: 'not-a-uuid' })}`,
    ];
    const deleted = await insertAlert(db(), { userUid: alert.userUid, name: 'Deleted' });
    const deletedLink = linkFor([deleted.id]);
    await db().delete(alerts).where(eq(alerts.id, deleted.id));

    const unchanged = await watchAppState({ db: db() });
    for (const url of invalid) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({ method, url, ...(method === 'POST' ? oneClick : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toEqual({
          error: expect.any(String),
          code: 'unsubscribe_link_invalid',
        });
      }
    }
    const resume = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe/resume?token=${subject}.${mac.slice(1)}`,
    });
    expect(resume.json()).toMatchObject({ code: 'unsubscribe_link_invalid' });
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: deletedLink, ...(method === 'POST' ? oneClick : {}) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'unsubscribe_target_gone' });
    }
    await unchanged.expectUnchanged('bad unsubscribe links');
  });

  it('a person opening a bad link gets a page saying so, in the browser’s language, with the same status', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/unsubscribe?token=broken',
      headers: { ...html, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(response.body).toContain('<h1>Ce lien ne fonctionne pas</h1>');
  });
});
