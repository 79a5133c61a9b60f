import { expect, type Page } from '@playwright/test';
import {
  outboxFlushMessage,
  type OutboxFlushReply,
} from '../../../src/client/features/apply/outbox/outbox-sync-protocol.ts';
import { randomUUID } from 'node:crypto';
import { e2eEnv } from './e2e-env.ts';

// Helpers for the apply and My Applications browser tests: the seeded featured jobs, a small real PDF, the wizard's
// steps, and reading the server and the device's IndexedDB the way the app does.

export type FeaturedJob = {
  id: string;
  slug: string;
  title: string;
  organization: { name: string };
  type: string | null;
  location: string | null;
};

/** The open featured jobs (the server seeds demo partners and jobs on a fresh data folder). */
export async function featuredJobs(): Promise<FeaturedJob[]> {
  const res = await fetch(`${e2eEnv.baseUrl}/api/public/jobs`);
  expect(res.ok).toBe(true);
  const jobs = ((await res.json()) as { jobs: FeaturedJob[] }).jobs;
  expect(jobs.length, 'the server should seed demo featured jobs').toBeGreaterThan(0);
  return jobs;
}

export type DescribedJob = FeaturedJob & { type: string; location: string };

/** The featured jobs that have a type and a location (every seeded demo job has both), for screens showing them. */
export function withTypeAndLocation(jobs: FeaturedJob[]): DescribedJob[] {
  const described = jobs.filter((job): job is DescribedJob => Boolean(job.type && job.location));
  expect(described.length, 'featured jobs with a type and a location').toBeGreaterThan(0);
  return described;
}

/** A small but real one-page PDF (the server opens it with a PDF reader), padded to `size` bytes. */
export function pdfBytes(size = 2048): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(padding, 0x20), Buffer.from(tail)]);
}

export const pdfFile = (name = 'Ada Resume.pdf', size = 2048) => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdfBytes(size),
});

export const personalInfo = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 514 555 0100',
  university: 'McGill University',
  major: 'Computer Science',
  graduationYear: '2027',
};

/** Fills Personal Info (the e-mail is fixed to the account's). */
export async function fillPersonalInfo(page: Page, values: Partial<typeof personalInfo> = {}): Promise<void> {
  const answers = { ...personalInfo, ...values };
  await page.getByLabel('First name').fill(answers.firstName);
  await page.getByLabel('Last name').fill(answers.lastName);
  await page.getByLabel('Phone number').fill(answers.phone);
  await page.getByLabel('University').fill(answers.university);
  await page.getByLabel('Major').fill(answers.major);
  await page.getByLabel('Graduation year').fill(answers.graduationYear);
}

export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/**
 * Next, and the heading of the step it should reach. The Skills step (a job with required skills, a profile without
 * any) is optional and passed through on the way to Job Details; tests of that step drive it themselves.
 */
export async function next(page: Page, expectedStep: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  if (expectedStep === 'Job Details') {
    await expect(stepHeading(page, expectedStep).or(stepHeading(page, 'Skills'))).toBeVisible();
    if (await stepHeading(page, 'Skills').isVisible()) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(stepHeading(page, expectedStep)).toBeVisible();
}

/** From an empty Personal Info to the Job Details step with a new PDF chosen. */
export async function fillWizardToJobDetails(page: Page, file = pdfFile()): Promise<void> {
  await expect(stepHeading(page, 'Personal Info')).toBeVisible();
  await fillPersonalInfo(page);
  await next(page, 'GitHub Profile');
  await next(page, 'Hackathons');
  await next(page, 'Resume');
  await page.getByLabel('Resume file').setInputFiles(file);
  await expect(page.getByTestId('resume-file')).toContainText(file.name);
  await next(page, 'Job Details');
  await page.getByLabel('Cover letter').fill('I build reliable systems.\nI would love to join the team.');
}

/** The signed-in user's Firebase ID token, read where the web SDK keeps it (this page's IndexedDB). */
export async function idToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          all.onsuccess = () => {
            const entry = (
              all.result as Array<{ fbase_key: string; value: { stsTokenManager?: { accessToken?: string } } }>
            ).find((item) => item.fbase_key.startsWith('firebase:authUser:'));
            resolve(entry?.value.stsTokenManager?.accessToken ?? null);
          };
        };
      }),
  );
  expect(token, 'a signed-in Firebase user in this page').toBeTruthy();
  return token!;
}

/** GET /api/job/applied-jobs as the page's user: the job ids the server holds applications for. */
export async function appliedJobIds(page: Page): Promise<string[]> {
  const res = await fetch(`${e2eEnv.baseUrl}/api/job/applied-jobs`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as string[];
}

type StoredDraft = {
  step: number;
  answers: Record<string, string>;
  resumeChoice: { kind: string; file?: { name: string; size: number } } | null;
};

/** The apply draft this device keeps for a job (app database `campus-jobs`, table applicationDrafts). */
export async function storedDraft(page: Page, jobId: string): Promise<StoredDraft | null> {
  return page.evaluate(
    (id) =>
      new Promise<StoredDraft | null>((resolve, reject) => {
        const open = indexedDB.open('campus-jobs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('applicationDrafts')) {
            db.close();
            resolve(null);
            return;
          }
          const all = db.transaction('applicationDrafts').objectStore('applicationDrafts').getAll();
          all.onsuccess = () => {
            const draft = (
              all.result as Array<StoredDraft & { jobId: string; resumeChoice: { file?: { bytes: ArrayBuffer } } }>
            ).find((item) => item.jobId === id);
            db.close();
            if (!draft) return resolve(null);
            const file = draft.resumeChoice?.file;
            resolve({
              step: draft.step,
              answers: draft.answers,
              resumeChoice: draft.resumeChoice
                ? {
                    kind: draft.resumeChoice.kind,
                    ...(file
                      ? { file: { name: (file as unknown as { name: string }).name, size: file.bytes.byteLength } }
                      : {}),
                  }
                : null,
            });
          };
        };
      }),
    jobId,
  );
}

/** Rewrites fields of the stored draft, as an older version of the app (or another tab) could have left it. */
export async function patchStoredDraft(page: Page, jobId: string, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ id, changes }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('campus-jobs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('applicationDrafts', 'readwrite');
          const store = tx.objectStore('applicationDrafts');
          const all = store.getAll();
          all.onsuccess = () => {
            const draft = (all.result as Array<Record<string, unknown>>).find((item) => item.jobId === id);
            if (!draft) return reject(new Error(`no draft for ${id}`));
            const answers = { ...(draft.answers as object), ...((changes.answers as object) ?? {}) };
            store.put({ ...draft, ...changes, answers });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { id: jobId, changes: patch },
  );
}

/** The server's loopback admin routes (what `npm run invite` / `npm run share-link` use). */
export async function adminPost<T>(path: string, body: unknown = {}): Promise<T> {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const endpoint = JSON.parse(readFileSync(join(e2eEnv.dataDir, 'admin-token'), 'utf8')) as {
    url: string;
    token: string;
  };
  const res = await fetch(`${endpoint.url}/api/admin/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.json()) as T;
}

/** Fills the page user's profile through the API, as the account page would. */
export async function updateProfile(page: Page, fields: Record<string, string>): Promise<void> {
  const res = await fetch(`${e2eEnv.baseUrl}/api/profile/update`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await idToken(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Uploads the profile's main resume through the API; returns the profile's resume reference. */
export async function uploadProfileResume(page: Page, name: string): Promise<{ id: string; name: string }> {
  const form = new FormData();
  form.append('resume', new Blob([new Uint8Array(pdfBytes(3000))], { type: 'application/pdf' }), name);
  const res = await fetch(`${e2eEnv.baseUrl}/api/profile/main-resume`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await idToken(page)}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { resume: { id: string; name: string } }).resume;
}

/** The outbox entries this device keeps (app database `campus-jobs`, table outbox): status and attempts only. */
export async function outboxEntries(
  page: Page,
): Promise<Array<{ id: string; jobId: string; status: string; attempts: number }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ id: string; jobId: string; status: string; attempts: number }>>((resolve, reject) => {
        const open = indexedDB.open('campus-jobs');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as Array<{ id: string; jobId: string; status: string; attempts: number }>).map(
                ({ id, jobId, status, attempts }) => ({
                  id,
                  jobId,
                  status,
                  attempts,
                }),
              ),
            );
          };
        };
      }),
  );
}

/**
 * Asks the page to send its outbox now, as the service worker's Background Sync does (a flush message with a reply
 * port on navigator.serviceWorker), and resolves with the page's reply, which comes once that send has ended: whether
 * the signed-in outbox runner ran, and how many applications it left waiting. Works with the worker blocked: the page
 * listens on navigator.serviceWorker all the same.
 */
export async function flushOutboxAndWait(page: Page): Promise<OutboxFlushReply> {
  return page.evaluate(
    (type) =>
      new Promise<OutboxFlushReply>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<OutboxFlushReply>) => resolve(event.data);
        navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type }, ports: [channel.port2] }));
      }),
    outboxFlushMessage,
  );
}

/** A student with a verified Google account in the Auth emulator (as its fake popup creates one): an ID token. */
export async function studentToken(email: string, name: string): Promise<string> {
  const claims = { sub: `google-${randomUUID()}`, email, email_verified: true, name };
  const postBody = new URLSearchParams({ id_token: JSON.stringify(claims), providerId: 'google.com' }).toString();
  const response = await fetch(
    `${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postBody, requestUri: 'http://localhost', returnSecureToken: true }),
    },
  );
  expect(response.ok).toBe(true);
  return String(((await response.json()) as { idToken: string }).idToken);
}

/** An application through the same API the wizard uses (multipart with a PDF resume). */
export async function applyAs(page: Page, jobId: string, student: { first: string; last: string; school: string }) {
  const email = `${student.first.toLowerCase()}.${randomUUID().slice(0, 6)}@example.test`;
  const token = await studentToken(email, `${student.first} ${student.last}`);
  const response = await page.request.post(`/api/public/jobs/${jobId}/apply`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    multipart: {
      firstName: student.first,
      lastName: student.last,
      email,
      phone: '+1 (514) 555-0199',
      university: student.school,
      major: 'Computer Science',
      graduationYear: '2027',
      githubUsername: '',
      devpostUsername: '',
      linkedinUrl: '',
      portfolioUrl: '',
      coverLetter: 'I would love to build this with you.',
      devpost: 'null',
      resume: { name: `${student.first} CV.pdf`, mimeType: 'application/pdf', buffer: pdfBytes() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}
