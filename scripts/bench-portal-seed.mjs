// The company portal's data for `npm run bench:pages` (portal-jobs, portal-applicants, portal-application): an
// organization made with the product's own command (`npm run org -- create`, through the running server), its owner
// signed in on the portal with an e-mail link from the Auth emulator and joined, a job posted through the portal's
// form, and students applying through the public apply endpoint with a PDF resume, as the wizard sends it.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const schools = ['McGill University', 'Polytechnique Montréal', 'Concordia University', 'University of Toronto'];
const firstNames = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken'];
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton'];

/** A small one-page PDF (the apply endpoint checks the content, not the name). */
function resumePdf() {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n';
  return Buffer.from(`${head}${' '.repeat(2048)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** The last e-mail sign-in link the Auth emulator issued for `email` (it sends no mail). */
export async function emailLink(emulatorPort, projectId, email) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${emulatorPort}/emulator/v1/projects/${projectId}/oobCodes`);
    const link = ((await response.json()).oobCodes ?? []).filter((code) => code.email === email).at(-1)?.oobLink;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-in link for ${email} from the Auth emulator`);
}

/** A student with a verified Google account in the Auth emulator (as its popup creates one): an ID token. */
async function studentToken(emulatorPort, email, name) {
  const claims = { sub: `google-${randomUUID()}`, email, email_verified: true, name };
  const postBody = new URLSearchParams({ id_token: JSON.stringify(claims), providerId: 'google.com' }).toString();
  const response = await fetch(
    `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=bench-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postBody, requestUri: 'http://localhost', returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator signInWithIdp: ${response.status}`);
  return (await response.json()).idToken;
}

async function apply(origin, emulatorPort, jobId, index) {
  const first = firstNames[index % firstNames.length];
  const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length];
  const email = `${first.toLowerCase()}.${randomUUID().slice(0, 8)}@students.example.edu`;
  const token = await studentToken(emulatorPort, email, `${first} ${last}`);
  const form = new FormData();
  const fields = {
    firstName: first,
    lastName: last,
    email,
    phone: '+1 (514) 555-0199',
    university: schools[index % schools.length],
    major: 'Computer Science',
    graduationYear: String(2026 + (index % 3)),
    githubUsername: '',
    devpostUsername: '',
    linkedinUrl: '',
    portfolioUrl: '',
    coverLetter: 'I would love to build the robots students use with you. '.repeat(6),
    devpost: 'null',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('resume', new Blob([resumePdf()], { type: 'application/pdf' }), `${first} ${last} CV.pdf`);
  const response = await fetch(`${origin}/api/public/jobs/${jobId}/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  if (response.status !== 201) throw new Error(`apply: ${response.status} ${await response.text()}`);
  return (await response.json()).applicationId;
}

/**
 * Seeds one server's portal and leaves `page` signed in on it as the organization's owner (this replaces a student's
 * session on that origin). Returns the paths to measure.
 */
export async function seedPortal({ root, page, origin, port, dataDir, emulatorPort, projectId, applicants = 24 }) {
  const ownerEmail = `bench.owner.${Date.now()}@robotics.example.com`;
  const name = `Bench Robotics ${port}`;
  const created = spawnSync(
    process.execPath,
    [path.join(root, 'dist', 'server', 'server', 'cli', 'org.js'), 'create', '--name', name, '--owner', ownerEmail],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const joinUrl = /https?:\/\/\S+\/company\/join\/\S+/.exec(created.stdout ?? '')?.[0];
  if (created.status !== 0 || !joinUrl) throw new Error(`npm run org -- create: ${created.stderr}${created.stdout}`);
  const joinPath = new URL(joinUrl).pathname;

  await page.context().addCookies([{ name: 'locale', value: 'en', url: origin }]);
  await page.goto(`${origin}/company/sign-in?redirectUrl=${encodeURIComponent(joinPath)}`);
  await page.getByRole('button', { name: 'Continue with Email' }).click({ timeout: 60_000 });
  await page.getByLabel(/email/i).fill(ownerEmail);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.goto(await emailLink(emulatorPort, projectId, ownerEmail));
  await page.getByRole('button', { name: 'Join the organization' }).click({ timeout: 120_000 });
  await page.waitForURL(/\/company$/, { timeout: 120_000 });

  await page.goto(`${origin}/company/jobs/new`);
  await page.getByLabel('Title').fill('Robotics Software Intern', { timeout: 60_000 });
  await page.getByLabel('Type').selectOption('Internship');
  await page.getByLabel('Location').fill('Montréal, QC, Canada');
  await page.getByLabel('Description').fill('Build the software of the robots that sort the campus mail.');
  await page.getByLabel('Requirements').fill('TypeScript, some C++ and curiosity.');
  await page.getByLabel('Role family').selectOption({ label: 'Software' });
  for (const skill of ['TypeScript', 'C++', 'ROS']) {
    await page.getByPlaceholder('Type a skill and press Enter').fill(skill);
    await page.getByPlaceholder('Type a skill and press Enter').press('Enter');
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByTestId('job-status').filter({ hasText: 'Published' }).waitFor({ timeout: 60_000 });
  const jobId = /\/company\/jobs\/([^/?]+)/.exec(page.url())[1];

  const applicationIds = [];
  for (let index = 0; index < applicants; index += 1)
    applicationIds.push(await apply(origin, emulatorPort, jobId, index));
  return {
    'portal-jobs': '/company',
    'portal-applicants': `/company/jobs/${jobId}`,
    'portal-application': `/company/applications/${applicationIds[0]}`,
  };
}
