import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseRequestLogSetting, type RequestLogSetting } from './http/request-log.ts';
import { packageRoot } from './package-root.ts';
import { assertValidStoragePrefix, InvalidStorageKeyError } from './lib/storage-keys.ts';

// The only module that reads process.env. Everything else receives an `Env`.

export class EnvError extends Error {
  override name = 'EnvError';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const hostAndPort = z
  .string()
  .regex(/^[\w.-]+:\d{1,5}$|^\[[\d:a-fA-F]+\]:\d{1,5}$/, 'expected host:port, for example 127.0.0.1:9099');

const milliseconds = z.coerce
  .number({ error: 'expected a number of milliseconds (100-3600000)' })
  .int({ error: 'expected a number of milliseconds (100-3600000)' })
  .min(100, { error: 'expected a number of milliseconds (100-3600000)' })
  .max(3_600_000, { error: 'expected a number of milliseconds (100-3600000)' });

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

const rawEnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'expected a port number (0-65535)' })
    .int({ error: 'expected a port number (0-65535)' })
    .min(0, { error: 'expected a port number (0-65535)' })
    .max(65535, { error: 'expected a port number (0-65535)' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  LOG_REQUESTS: z
    .string()
    .optional()
    .refine((value) => parseRequestLogSetting(value) !== null, {
      error: "expected 'info', 'debug', 'off' or a fraction of requests to log (0.1)",
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'expected postgres://user@host:port/db' }).optional(),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'expected a Firebase project id (lower-case letters, digits, dashes)')
    .default('demo-campus-jobs'),
  FIREBASE_AUTH_EMULATOR_HOST: hostAndPort.optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  COMPANY_PORTAL_URL: httpUrl.optional(),
  SUPPORT_EMAIL: z.email().default('support@campusjobs.dev'),
  FEEDBACK_EMAIL: z.email().default('feedback@campusjobs.dev'),
  REPOSITORY_URL: httpUrl.default('https://github.com/campusjobs/campus-jobs'),
  ROADMAP_URL: httpUrl.default('https://github.com/campusjobs/campus-jobs/milestones'),
  COMMUNITY_URL: httpUrl.default('https://github.com/campusjobs/campus-jobs/discussions'),
  STATIC_DIR: z.string().min(1).optional(),
  OUTBOX_DIR: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected smtp://user:password@host:port or smtps://...' }).optional(),
  MAIL_FROM: z.string().min(3).default('Campus Jobs <no-reply@campusjobs.dev>'),
  PUBLIC_URL: httpUrl.optional(),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'expected a region such as us-east-1 or auto')
    .default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'expected true or false' }).optional(),
  // Checked against the storage key rules in s3Settings.
  S3_PREFIX: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false'], { error: 'expected true or false' }).optional(),
  FEEDS_ENABLED: z.enum(['true', 'false'], { error: 'expected true or false' }).optional(),
  FEED_INTERNSHIPS_URL: httpUrl.default(
    'https://raw.githubusercontent.com/tailed-community/tech-internships-2025-2026/main/data/current.json',
  ),
  FEED_NEW_GRADS_URL: httpUrl.default(
    'https://raw.githubusercontent.com/tailed-community/tech-new-grads-2025-2026/main/data/current.json',
  ),
  FEED_REFRESH_MINUTES: z.coerce
    .number({ error: 'expected a number of minutes (1-10080)' })
    .int({ error: 'expected a number of minutes (1-10080)' })
    .min(1, { error: 'expected a number of minutes (1-10080)' })
    .max(10_080, { error: 'expected a number of minutes (1-10080)' })
    .default(60),
  GITHUB_GRAPHQL_URL: httpUrl.default('https://api.github.com/graphql'),
  GITHUB_API_URL: httpUrl.default('https://api.github.com'),
  DEVPOST_BASE_URL: httpUrl.default('https://devpost.com'),
  // Set by `npm start` (scripts/start.mjs), which locks DATA_DIR before starting anything: its pid.
  DATA_DIR_LOCK_HELD_BY: z.coerce.number().int().positive().optional(),
  // See docs/decisions/010-request-timeouts-and-input-limits.md for the defaults.
  HTTP_HEADERS_TIMEOUT_MS: milliseconds.default(15_000),
  HTTP_IDLE_TIMEOUT_MS: milliseconds.default(30_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds.default(120_000),
  // How long a stopping instance waits for its requests; default HTTP_REQUEST_TIMEOUT_MS (none is cut before its own).
  SHUTDOWN_GRACE_MS: milliseconds.optional(),
  DIGEST_HOUR: z.coerce
    .number({ error: 'expected an hour of the day (0-23)' })
    .int({ error: 'expected an hour of the day (0-23)' })
    .min(0, { error: 'expected an hour of the day (0-23)' })
    .max(23, { error: 'expected an hour of the day (0-23)' })
    .default(7),
  // Days an application keeps its applicant's details and resume after its job closed (docs/decisions/028).
  APPLICATION_RETENTION_DAYS: z.coerce
    .number({ error: 'expected a number of days from 1 to 3650' })
    .int({ error: 'expected a number of days from 1 to 3650' })
    .min(1, { error: 'expected a number of days from 1 to 3650' })
    .max(3650, { error: 'expected a number of days from 1 to 3650' })
    .default(365),
  // Days between an owner's request to delete an organization and its deletion (docs/decisions/035).
  ORGANIZATION_DELETION_GRACE_DAYS: z.coerce
    .number({ error: 'expected a number of days from 1 to 365' })
    .int({ error: 'expected a number of days from 1 to 365' })
    .min(1, { error: 'expected a number of days from 1 to 365' })
    .max(365, { error: 'expected a number of days from 1 to 365' })
    .default(30),
  // The operators who moderate reported jobs on /admin (docs/decisions/032): verified e-mails, comma-separated.
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    )
    .pipe(z.array(z.email({ error: 'expected e-mail addresses separated by commas' })))
    .optional(),
  UNSUBSCRIBE_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  // Web Push (docs/decisions/025-web-push.md). base64url, as `npx web-push generate-vapid-keys` prints them.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'expected a P-256 public key in base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a P-256 private key in base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:someone@example.com or an https:// URL')
    .optional(),
  PUSH_ALLOWED_HOSTS: z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*,?\s*$/i,
      'expected host names separated by commas, e.g. localhost,127.0.0.1',
    )
    .optional(),
});

/** The S3-compatible store's settings (S3_* variables). */
export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** null: AWS itself. Otherwise the store's URL (http://127.0.0.1:9000 for MinIO). */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: what most self-hosted stores expect. */
  forcePathStyle: boolean;
  /** '' or segments ending in '/': every key is stored under it, so one bucket can serve several deployments. */
  prefix: string;
};

export type Env = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof logLevels)[number];
  /** The one line per request (http/request-log.ts). */
  requestLog: RequestLogSetting;
  dataDir: string;
  /** The launcher (`npm start`) that already holds DATA_DIR's lock for this server, if any. */
  dataDirLockHeldBy: number | null;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    /** Set only when the local Auth emulator is used (development and tests). */
    authEmulatorHost: string | null;
  };
  publicLinks: {
    companyPortalUrl: string;
    supportEmail: string;
    feedbackEmail: string;
    repositoryUrl: string;
    roadmapUrl: string;
    communityUrl: string;
  };
  staticDir: string;
  /** Outgoing e-mail: over SMTP when `smtpUrl` is set, else written to `outboxDir` (one .eml file per message). */
  mail: { smtpUrl: string | null; from: string };
  /** Where people open the app (links in e-mails and invitations); default http://localhost:PORT. */
  publicUrl: string;
  outboxDir: string;
  storageDir: string;
  /** Files go to this S3-compatible bucket when S3_BUCKET is set (then `storageDir` is unused), else to `storageDir`. */
  s3: S3StorageConfig | null;
  /** Demo organizations and featured jobs; on by default except in production. */
  seedDemoData: boolean;
  /** The two community job feeds, fetched on start and then every `refreshMinutes`. */
  feeds: {
    /** Off by default in tests (NODE_ENV=test), on otherwise. */
    enabled: boolean;
    internshipsUrl: string;
    newGradsUrl: string;
    refreshMinutes: number;
  };
  /** The student profile's connections: GitHub's APIs (with the person's token) and Devpost's public pages. */
  github: { graphqlUrl: string; apiUrl: string };
  devpost: { baseUrl: string };
  /**
   * Slow clients: the request's headers must arrive within `headersTimeoutMs`, the whole request within
   * `requestTimeoutMs` (else 408 and the connection is closed), and a connection with no bytes moving for
   * `idleTimeoutMs` is closed (a stalled upload).
   */
  http: { headersTimeoutMs: number; idleTimeoutMs: number; requestTimeoutMs: number; shutdownGraceMs: number };
  push: PushSettings;
  /** Alert digests: sent at `hour` o'clock in each student's time zone (weekly ones on Mondays). */
  digests: { hour: number };
  /** Applications of jobs that ended more than `applicationDays` ago lose their applicant's details and resume. */
  retention: { applicationDays: number; organizationDeletionGraceDays: number };
  /**
   * Signs unsubscribe links (mail/unsubscribe-token.ts). null: the embedded default keeps a generated one in
   * DATA_DIR (app.ts); with DATABASE_URL it is required, so every instance signs and checks alike.
   */
  unsubscribeSecret: string | null;
  /** Verified e-mails (lowercase) of the operators who may use /admin and /api/moderation (ADMIN_EMAILS). */
  operatorEmails: string[];
  /** Things the caller should log once a logger exists. */
  warnings: string[];
};

/** The VAPID key pair that signs Web Push requests (base64url, as web-push takes them). */
export type VapidKeys = { publicKey: string; privateKey: string };

export type PushSettings = {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; null: generated on first start and kept in DATA_DIR (embedded mode). */
  vapidKeys: VapidKeys | null;
  /** Who push services contact about our requests: VAPID_SUBJECT, default mailto:SUPPORT_EMAIL. */
  subject: string;
  /** Hosts besides the known push services that subscriptions may name (PUSH_ALLOWED_HOSTS; tests' local endpoint). */
  extraAllowedHosts: string[];
};

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

function parseVariables<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.output<Schema> {
  // Empty values (common in .env files and compose files) mean "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw = parseVariables(rawEnvSchema, source);
  const emulatorHost = raw.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  const warnings: string[] = [];

  let host = raw.HOST;
  if (emulatorHost) {
    // Emulator tokens are unsigned and firebase-admin accepts them whenever this variable is set,
    // so anyone who can reach the server could sign in as anybody.
    if (raw.NODE_ENV === 'production') {
      throw new EnvError(
        'FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. The Auth emulator accepts unsigned tokens, ' +
          'so this would let anyone impersonate any user. Unset FIREBASE_AUTH_EMULATOR_HOST in production.',
      );
    }
    if (!isLoopbackHost(host)) {
      warnings.push(
        `HOST=${host} ignored: with the Auth emulator (unsigned tokens) the server only listens on localhost.`,
      );
      host = 'localhost';
    }
  }

  const apiKey = raw.FIREBASE_API_KEY ?? (emulatorHost ? 'demo-api-key' : undefined);
  if (!apiKey) {
    throw new EnvError(
      'Invalid environment configuration:\n  - FIREBASE_API_KEY: required unless FIREBASE_AUTH_EMULATOR_HOST is set ' +
        '(copy the web API key from the Firebase console, project settings)',
    );
  }

  const dataDir = resolve(raw.DATA_DIR);
  const s3 = s3Settings(raw);
  return {
    port: raw.PORT,
    host,
    nodeEnv: raw.NODE_ENV,
    logLevel: raw.LOG_LEVEL,
    requestLog: parseRequestLogSetting(raw.LOG_REQUESTS)!,
    dataDir,
    dataDirLockHeldBy: raw.DATA_DIR_LOCK_HELD_BY ?? null,
    databaseUrl: raw.DATABASE_URL ?? null,
    firebase: {
      projectId: raw.FIREBASE_PROJECT_ID,
      apiKey,
      authDomain: raw.FIREBASE_AUTH_DOMAIN ?? `${raw.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      authEmulatorHost: emulatorHost,
    },
    http: {
      // Node requires the headers' deadline to be within the whole request's.
      headersTimeoutMs: Math.min(raw.HTTP_HEADERS_TIMEOUT_MS, raw.HTTP_REQUEST_TIMEOUT_MS),
      idleTimeoutMs: raw.HTTP_IDLE_TIMEOUT_MS,
      requestTimeoutMs: raw.HTTP_REQUEST_TIMEOUT_MS,
      shutdownGraceMs: raw.SHUTDOWN_GRACE_MS ?? raw.HTTP_REQUEST_TIMEOUT_MS,
    },
    publicLinks: {
      // Unset: the app's own portal sign-in page.
      companyPortalUrl: raw.COMPANY_PORTAL_URL ?? '/company/sign-in',
      supportEmail: raw.SUPPORT_EMAIL,
      feedbackEmail: raw.FEEDBACK_EMAIL,
      repositoryUrl: raw.REPOSITORY_URL,
      roadmapUrl: raw.ROADMAP_URL,
      communityUrl: raw.COMMUNITY_URL,
    },
    staticDir: raw.STATIC_DIR ? resolve(raw.STATIC_DIR) : join(packageRoot, 'dist', 'client'),
    mail: {
      smtpUrl: raw.SMTP_URL ?? null,
      from: raw.MAIL_FROM,
    },
    publicUrl: publicOrigin(raw.PUBLIC_URL, raw.PORT),
    outboxDir: raw.OUTBOX_DIR ? resolve(raw.OUTBOX_DIR) : join(dataDir, 'outbox'),
    storageDir: raw.STORAGE_DIR ? resolve(raw.STORAGE_DIR) : join(dataDir, 'files'),
    s3,
    seedDemoData: raw.SEED_DEMO_DATA ? raw.SEED_DEMO_DATA === 'true' : raw.NODE_ENV !== 'production',
    feeds: {
      enabled: raw.FEEDS_ENABLED ? raw.FEEDS_ENABLED === 'true' : raw.NODE_ENV !== 'test',
      internshipsUrl: raw.FEED_INTERNSHIPS_URL,
      newGradsUrl: raw.FEED_NEW_GRADS_URL,
      refreshMinutes: raw.FEED_REFRESH_MINUTES,
    },
    github: { graphqlUrl: raw.GITHUB_GRAPHQL_URL, apiUrl: raw.GITHUB_API_URL },
    devpost: { baseUrl: raw.DEVPOST_BASE_URL },
    push: pushSettings(raw),
    digests: { hour: raw.DIGEST_HOUR },
    retention: {
      applicationDays: raw.APPLICATION_RETENTION_DAYS,
      organizationDeletionGraceDays: raw.ORGANIZATION_DELETION_GRACE_DAYS,
    },
    unsubscribeSecret: unsubscribeSecretOf(raw),
    operatorEmails: raw.ADMIN_EMAILS ?? [],
    warnings,
  };
}

function unsubscribeSecretOf(
  raw: Pick<z.output<typeof rawEnvSchema>, 'DATABASE_URL' | 'UNSUBSCRIBE_SECRET'>,
): string | null {
  if (raw.DATABASE_URL && !raw.UNSUBSCRIBE_SECRET) {
    // A link signed by one instance is opened on any other.
    throw new EnvError(
      'Invalid environment configuration:\n  - UNSUBSCRIBE_SECRET: required when DATABASE_URL is set, the same on every ' +
        'instance (it signs the unsubscribe links in e-mails; for example: openssl rand -hex 32)',
    );
  }
  return raw.UNSUBSCRIBE_SECRET ?? null;
}

function pushSettings(raw: z.output<typeof rawEnvSchema>): PushSettings {
  const publicKey = raw.VAPID_PUBLIC_KEY;
  const privateKey = raw.VAPID_PRIVATE_KEY;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    const missing = publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    throw new EnvError(
      `Invalid environment configuration:\n  - ${missing}: required with ${missing === 'VAPID_PUBLIC_KEY' ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} (they are one key pair)`,
    );
  }
  if (raw.DATABASE_URL && !publicKey) {
    // Browsers subscribe with one instance's public key and any instance may send: they must all sign alike.
    throw new EnvError(
      'Invalid environment configuration:\n  - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required when DATABASE_URL is set ' +
        '(every instance must sign Web Push with the same key pair; generate one once with ' +
        '`npx web-push generate-vapid-keys` and give it to all of them)',
    );
  }
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject: raw.VAPID_SUBJECT ?? `mailto:${raw.SUPPORT_EMAIL}`,
    extraAllowedHosts: (raw.PUSH_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
  };
}

function s3Settings(raw: z.output<typeof rawEnvSchema>): Env['s3'] {
  const others = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const
  ).filter((name) => raw[name] !== undefined);
  if (!raw.S3_BUCKET) {
    // Half a configuration would silently keep files on the local disk of one instance.
    if (others.length > 0) {
      throw new EnvError(
        `Invalid environment configuration:\n  - S3_BUCKET: required when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set ` +
          '(or unset them to keep files in STORAGE_DIR)',
      );
    }
    return null;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !raw[name]);
  if (missing.length > 0) {
    throw new EnvError(
      `Invalid environment configuration:\n${missing.map((name) => `  - ${name}: required when S3_BUCKET is set`).join('\n')}`,
    );
  }
  const endpoint = raw.S3_ENDPOINT ?? null;
  return {
    bucket: raw.S3_BUCKET,
    region: raw.S3_REGION,
    endpoint,
    accessKeyId: raw.S3_ACCESS_KEY_ID as string,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY as string,
    // Self-hosted stores (MinIO, ...) rarely have a DNS name per bucket; AWS itself prefers virtual-hosted style.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ? raw.S3_FORCE_PATH_STYLE === 'true' : endpoint !== null,
    prefix: s3Prefix(raw.S3_PREFIX),
  };
}

function s3Prefix(value: string | undefined): string {
  if (!value) return '';
  const prefix = value.endsWith('/') ? value : `${value}/`;
  try {
    return assertValidStoragePrefix(prefix);
  } catch (error) {
    if (!(error instanceof InvalidStorageKeyError)) throw error;
    throw new EnvError(
      'Invalid environment configuration:\n  - S3_PREFIX: expected key segments such as campus-jobs/ ' +
        '(letters, digits, dots, dashes, underscores; no "..", no leading "/")',
    );
  }
}

/** What the `npm run ingest` command needs: where the database is, nothing about Firebase. */
export type IngestCliEnv = {
  logLevel: Env['logLevel'];
  dataDir: string;
  databaseUrl: string | null;
};

const ingestCliEnvSchema = rawEnvSchema.pick({ LOG_LEVEL: true, DATA_DIR: true, DATABASE_URL: true });

export function loadIngestCliEnv(source: Record<string, string | undefined> = process.env): IngestCliEnv {
  const raw = parseVariables(ingestCliEnvSchema, source);
  return { logLevel: raw.LOG_LEVEL, dataDir: resolve(raw.DATA_DIR), databaseUrl: raw.DATABASE_URL ?? null };
}

function publicOrigin(publicUrl: string | undefined, port: number): string {
  return (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

/** What `npm run invite` and `npm run share-link` need: the database and the address of the app for the links. */
export type LinkCliEnv = IngestCliEnv & { publicUrl: string };

const linkCliEnvSchema = rawEnvSchema.pick({
  LOG_LEVEL: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  PUBLIC_URL: true,
  PORT: true,
});

export function loadLinkCliEnv(source: Record<string, string | undefined> = process.env): LinkCliEnv {
  const raw = parseVariables(linkCliEnvSchema, source);
  return {
    logLevel: raw.LOG_LEVEL,
    dataDir: resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL ?? null,
    publicUrl: publicOrigin(raw.PUBLIC_URL, raw.PORT),
  };
}

/** What `npm run org` needs: the links, and the grace period of a deletion it schedules. */
export type OrganizationCliEnv = LinkCliEnv & { deletionGraceDays: number };

const organizationCliEnvSchema = rawEnvSchema.pick({
  LOG_LEVEL: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  PUBLIC_URL: true,
  PORT: true,
  ORGANIZATION_DELETION_GRACE_DAYS: true,
});

export function loadOrganizationCliEnv(source: Record<string, string | undefined> = process.env): OrganizationCliEnv {
  const raw = parseVariables(organizationCliEnvSchema, source);
  return {
    ...loadLinkCliEnv(source),
    deletionGraceDays: raw.ORGANIZATION_DELETION_GRACE_DAYS,
  };
}

/** What `npm run digest` needs when it works on the database itself: the links, the mail and the unsubscribe secret. */
export type DigestCliEnv = LinkCliEnv & {
  mail: Env['mail'];
  outboxDir: string;
  supportEmail: string;
  digestHour: number;
  /** null: the embedded default's, in DATA_DIR (required with DATABASE_URL, as for the server). */
  unsubscribeSecret: string | null;
};

const digestCliEnvSchema = rawEnvSchema.pick({
  LOG_LEVEL: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  PUBLIC_URL: true,
  PORT: true,
  SMTP_URL: true,
  MAIL_FROM: true,
  OUTBOX_DIR: true,
  SUPPORT_EMAIL: true,
  DIGEST_HOUR: true,
  UNSUBSCRIBE_SECRET: true,
});

export function loadDigestCliEnv(source: Record<string, string | undefined> = process.env): DigestCliEnv {
  const raw = parseVariables(digestCliEnvSchema, source);
  const dataDir = resolve(raw.DATA_DIR);
  return {
    logLevel: raw.LOG_LEVEL,
    dataDir,
    databaseUrl: raw.DATABASE_URL ?? null,
    publicUrl: publicOrigin(raw.PUBLIC_URL, raw.PORT),
    mail: { smtpUrl: raw.SMTP_URL ?? null, from: raw.MAIL_FROM },
    outboxDir: raw.OUTBOX_DIR ? resolve(raw.OUTBOX_DIR) : join(dataDir, 'outbox'),
    supportEmail: raw.SUPPORT_EMAIL,
    digestHour: raw.DIGEST_HOUR,
    unsubscribeSecret: unsubscribeSecretOf(raw),
  };
}

/**
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from process.env on every verification, so the
 * parsed setting is written back (or removed) to make the SDK follow this configuration, never a stray variable.
 */
export function applyFirebaseAdminEnvironment(env: Env): void {
  if (env.firebase.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = env.firebase.authEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}
