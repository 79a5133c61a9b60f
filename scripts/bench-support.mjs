// Helpers the benchmark and profiling scripts share: the listings they load, the queries they rotate through, and
// small process utilities.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedData = path.resolve(root, '..', 'shared', 'data');

const roles = [
  'Software Engineer',
  'Data Scientist',
  'Machine Learning Engineer',
  'Product Designer',
  'Backend Developer',
  'Frontend Engineer',
  'Site Reliability Engineer',
  'Security Analyst',
  'Hardware Engineer',
  'Quantitative Researcher',
];
const levels = ['Intern', 'Co-op', 'New Grad', 'I', 'Associate', 'Summer 2026 Intern'];
const companies = [
  'Google',
  'Notion',
  'Shopify',
  'Stripe',
  'Maple Bank',
  'Northern Labs',
  'Capital One',
  'Datadog',
  'Cohere',
  'Wealthsimple',
  'Meta',
  'Amazon',
  'Nvidia',
  'Figma',
  'Ramp',
];
const places = [
  'San Francisco, CA',
  'New York, NY',
  'Seattle, WA',
  'Austin, TX',
  'Remote in USA',
  'Toronto, ON, Canada',
  'Vancouver, BC, Canada',
  'Montreal, QC, Canada',
  'Boston, MA',
  'Chicago, IL',
  'London, UK',
  'Waterloo, ON, Canada',
];
const categories = ['Software', 'AI/ML/Data', 'Hardware', 'Product', 'Quant', null];

/** Records of the real shape: from ../shared/data when present, else generated. */
export function sampleRecords(type) {
  const file = path.join(sharedData, type === 'internship' ? 'internships-current.json' : 'new-grads-current.json');
  if (existsSync(file)) {
    const records = JSON.parse(readFileSync(file, 'utf8')).filter((record) => record && record.active !== false);
    return { records, source: path.relative(root, file) };
  }
  const records = Array.from({ length: 3000 }, (_, i) => ({
    id: randomUUID(),
    title: `${roles[i % roles.length]} ${levels[(i * 7) % levels.length]}`,
    company_name: companies[(i * 3) % companies.length],
    locations: [places[i % places.length], ...(i % 4 === 0 ? [places[(i + 5) % places.length]] : [])],
    category: categories[i % categories.length],
    terms: type === 'internship' ? ['Summer 2026'] : undefined,
    degrees: i % 3 === 0 ? ["Bachelor's", "Master's"] : null,
    date_posted: 1_760_000_000 - i * 600,
    date_updated: 1_760_000_000,
    url: `https://jobs.example.com/${i}`,
    active: true,
  }));
  return { records, source: 'generated' };
}

/** Copies records with new ids (and slightly older dates) until there are `count`. */
export function scaleTo(records, count) {
  return Array.from({ length: count }, (_, i) => {
    const record = records[i % records.length];
    const round = Math.floor(i / records.length);
    return round === 0
      ? record
      : // Another company name: a copy of the same company and title would join the original's card (one card per
        // job, src/shared/jobs/posting-groups.ts), and the benchmark means a board of `count` different jobs.
        {
          ...record,
          id: randomUUID(),
          company_name: `${record.company_name} ${round + 1}`,
          date_posted: Number(record.date_posted) - round * 3600,
        };
  });
}

/** The board queries the benchmarks rotate through: words and regular expressions over types and places. */
export function rotatingQueries(count) {
  const words = [
    'engineer',
    'intern',
    'data',
    'software',
    'google|meta',
    'design',
    'machine learning',
    'security',
    'backend|frontend',
    '^senior',
    'new grad',
    'analyst',
    'developer',
    'research',
    'c\\+\\+',
    'summer 202[67]',
    'product',
    'cloud',
    'quant',
    'hardware',
    'remote',
    'toronto',
    'co-op',
    'ai',
    'platform',
  ];
  const types = ['all', 'internship', 'new-grad', 'featured'];
  const locations = ['', '&country=USA', '&country=Canada', '&country=USA&state=CA', '&country=Canada&state=ON'];
  const queries = [];
  for (let i = 0; queries.length < count; i++) {
    const word = words[i % words.length];
    const type = types[Math.floor(i / words.length) % types.length];
    const location = locations[Math.floor(i / (words.length * types.length)) % locations.length];
    const offset = 20 * (Math.floor(i / (words.length * types.length * locations.length)) % 4);
    queries.push(
      `/api/public/board?type=${type}&q=${encodeURIComponent(word)}${location}${offset ? `&offset=${offset}` : ''}`,
    );
  }
  return queries;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

// ---------------------------------------------------------------------------------------------- load

// ---------------------------------------------------------------------------------------------- applications

/** A one-page PDF (the server opens every resume with a PDF reader), padded to about `size` bytes. */
export function buildPdf(marker, size) {
  const head =
    `%PDF-1.4\n% ${marker}\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n` +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n';
  const trailer = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, size - head.length - trailer.length - 3);
  return Buffer.from(`${head}% ${'x'.repeat(padding)}\n${trailer}`);
}

/** multipart/form-data with text `fields` and one `resume` file. */
export function multipart(fields, file) {
  const boundary = `----campusjobsbench${randomBytes(8).toString('hex')}`;
  const chunks = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Google accounts in the Auth emulator at `emulator`, as its sign-in popup creates them (verified e-mail). */
export async function createEmulatorGoogleUser(emulator, label) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const postBody = new URLSearchParams({
    id_token: JSON.stringify({
      sub: `${label}-${randomUUID()}`,
      email,
      email_verified: true,
      name: `Student ${label}`,
    }),
    providerId: 'google.com',
  }).toString();
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ postBody, requestUri: 'http://localhost', returnSecureToken: true }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`emulator sign-in failed: ${JSON.stringify(json)}`);
  return { uid: json.localId, email, idToken: json.idToken, refreshToken: json.refreshToken };
}

/**
 * A firebase.json for an Auth emulator of the benchmark's own in `dir` (auth, hub and logging on the given ports, no
 * UI), as tests/api-setup/auth-emulator.ts starts it. Answers the file's path.
 */
export function writeAuthEmulatorConfig(dir, { auth, hub = auth + 1, logging = auth + 2 }) {
  const file = path.join(dir, 'firebase.json');
  writeFileSync(
    file,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return file;
}

let vapidKeys = null;
const benchUnsubscribeSecret = randomBytes(32).toString('hex');

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, one pair per benchmark run (servers on PostgreSQL require them). */
export function benchVapidEnv() {
  vapidKeys ??= webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: vapidKeys.publicKey, VAPID_PRIVATE_KEY: vapidKeys.privateKey };
}

/**
 * The environment of a benchmark's API server (dist/server, no client, no feeds) against the emulator on
 * `authPort`: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`. `overrides` adds or replaces variables.
 */
export function benchServerEnv({ port, dataDir, databaseUrl, projectId, authPort, workDir }, overrides = {}) {
  return {
    // With DATABASE_URL every instance must be given the same Web Push key pair and unsubscribe-link secret.
    ...(databaseUrl ? { ...benchVapidEnv(), UNSUBSCRIBE_SECRET: benchUnsubscribeSecret } : {}),
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    FEEDS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(workDir, 'no-client'),
    ...overrides,
  };
}
