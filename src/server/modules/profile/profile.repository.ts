import { and, eq, sql } from 'drizzle-orm';
import type { DevpostProfile } from '../../../shared/devpost/devpost-profile.ts';
import type { GithubProfile } from '../../../shared/github/github-profile.ts';
import type { ProfileName, ProfileUpdate } from '../../../shared/profile/profile-schema.ts';
import type { Database } from '../../db/client.ts';
import { applications, type StudentProfileRow, studentProfiles, type UserRow, users } from '../../db/schema.ts';

// Every function takes the caller's uid and touches that one account: there is no way to name another.

export type AccountWithProfile = { user: UserRow; profile: StudentProfileRow | null };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export async function findAccountWithProfile(db: Executor, uid: string): Promise<AccountWithProfile | null> {
  const [row] = await db
    .select({ user: users, profile: studentProfiles })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.uid, users.uid))
    .where(eq(users.uid, uid))
    .limit(1);
  return row ?? null;
}

/**
 * The account, its profile and the ids of the featured jobs it applied to (newest first), in one query: GET
 * /api/profile is the most frequent signed-in read, and each query is a round trip (or a WebAssembly call into PGlite).
 */
export async function findAccountWithProfileAndApplications(
  db: Database,
  uid: string,
): Promise<(AccountWithProfile & { appliedJobIds: string[] }) | null> {
  let prepared = preparedProfileReads.get(db);
  if (!prepared) {
    prepared = prepareProfileRead(db);
    preparedProfileReads.set(db, prepared);
  }
  const [row] = await prepared.execute({ uid });
  return row ?? null;
}

// Built once per database: Drizzle's building of the SQL text was a quarter of the CPU of a profile read.
const preparedProfileReads = new WeakMap<Database, ReturnType<typeof prepareProfileRead>>();

function prepareProfileRead(db: Database) {
  return db
    .select({
      user: users,
      profile: studentProfiles,
      appliedJobIds: sql<string[]>`coalesce((
        select array_agg(${applications.jobId}::text order by ${applications.submittedAt} desc, ${applications.id} desc)
        from ${applications} where ${applications.uid} = ${users.uid} and ${applications.status} <> 'withdrawn'
      ), '{}'::text[])`,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.uid, users.uid))
    .where(eq(users.uid, sql.placeholder('uid')))
    .limit(1)
    .prepare('find_account_with_profile_and_applications');
}

/** The profile row, created empty on first use; locked until the transaction ends. */
async function lockProfile(tx: Transaction, uid: string): Promise<StudentProfileRow> {
  await tx.insert(studentProfiles).values({ uid }).onConflictDoNothing({ target: studentProfiles.uid });
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.uid, uid)).for('update');
  if (!row) throw new Error(`Profile row of ${uid} vanished`);
  return row;
}

export function sameUsername(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && a.toLowerCase() === b.toLowerCase();
}

export type ProfileUpdateOutcome = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Applies a validated PATCH: absent fields stay, null clears. In one transaction with the row locked, so the
 * Devpost and GitHub rules see the values they change:
 * - a Devpost username that differs from the saved one must be the one this person last verified;
 *   changing it drops the saved Devpost profile (it belongs to the old name);
 * - a GitHub username that no longer names the connected GitHub profile disconnects it.
 */
export async function updateProfile(
  db: Database,
  uid: string,
  update: ProfileUpdate,
  devpostNotVerifiedMessage: string,
): Promise<ProfileUpdateOutcome> {
  return db.transaction(async (tx) => {
    const current = await lockProfile(tx, uid);
    const changes: Partial<typeof studentProfiles.$inferInsert> = {};

    for (const field of ['phone', 'school', 'program', 'graduationYear', 'linkedinUrl', 'portfolioUrl'] as const) {
      if (update[field] !== undefined) changes[field] = update[field];
    }
    if (update.skills !== undefined) changes.skills = update.skills;
    for (const field of ['degreeLevel', 'targetTerms', 'interests', 'workAuthorization'] as const) {
      if (update[field] !== undefined) Object.assign(changes, { [field]: update[field] });
    }

    if (update.devpostUsername !== undefined) {
      const next = update.devpostUsername;
      const unchanged = next === null ? current.devpostUsername === null : sameUsername(next, current.devpostUsername);
      if (next !== null && !unchanged && !sameUsername(next, current.devpostVerifiedUsername)) {
        return { ok: false, fields: { devpostUsername: devpostNotVerifiedMessage } };
      }
      changes.devpostUsername = next;
      if (!unchanged) changes.devpostProfile = null;
    }

    if (update.githubUsername !== undefined) {
      changes.githubUsername = update.githubUsername;
      if (current.githubProfile && !sameUsername(update.githubUsername, current.githubProfile.username)) {
        changes.githubProfile = null;
      }
    }

    if (Object.keys(changes).length > 0) {
      await tx
        .update(studentProfiles)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(studentProfiles.uid, uid));
    }
    return { ok: true };
  });
}

/** Sets the student's first and last name (onboarding, or a fix from the account page); false when no such user. */
export async function setName(db: Database, uid: string, name: ProfileName): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: sql`now()` })
    .where(eq(users.uid, uid))
    .returning({ uid: users.uid });
  return updated.length > 0;
}

export type NewResume = { id: string; key: string; name: string; size: number; uploadedAt: Date };

/** Points the profile at a new resume and answers the storage key of the one it replaces (null if none). */
export async function replaceResume(db: Database, uid: string, resume: NewResume): Promise<string | null> {
  return db.transaction(async (tx) => {
    const current = await lockProfile(tx, uid);
    await tx
      .update(studentProfiles)
      .set({
        resumeId: resume.id,
        resumeKey: resume.key,
        resumeName: resume.name,
        resumeSize: resume.size,
        resumeUploadedAt: resume.uploadedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(studentProfiles.uid, uid));
    return current.resumeKey;
  });
}

/** Stores a freshly computed GitHub profile and its username (the connection names the account). */
export async function saveGithubProfile(db: Database, uid: string, profile: GithubProfile): Promise<void> {
  await db
    .insert(studentProfiles)
    .values({ uid, githubProfile: profile, githubUsername: profile.username })
    .onConflictDoUpdate({
      target: studentProfiles.uid,
      set: { githubProfile: profile, githubUsername: profile.username, updatedAt: sql`now()` },
    });
}

export async function clearGithubProfile(db: Database, uid: string): Promise<void> {
  await db
    .update(studentProfiles)
    .set({ githubProfile: null, updatedAt: sql`now()` })
    .where(eq(studentProfiles.uid, uid));
}

/** Remembers that this person proved `username` exists on Devpost (the profile save checks it). */
export async function recordDevpostVerification(db: Database, uid: string, username: string): Promise<void> {
  await db
    .insert(studentProfiles)
    .values({ uid, devpostVerifiedUsername: username, devpostVerifiedAt: sql`now()` })
    .onConflictDoUpdate({
      target: studentProfiles.uid,
      set: { devpostVerifiedUsername: username, devpostVerifiedAt: sql`now()` },
    });
}

/** Stores the Devpost profile if the saved username is still `username`; false when it changed meanwhile. */
export async function saveDevpostProfile(
  db: Database,
  uid: string,
  username: string,
  profile: DevpostProfile,
): Promise<boolean> {
  const updated = await db
    .update(studentProfiles)
    .set({ devpostProfile: profile, updatedAt: sql`now()` })
    .where(and(eq(studentProfiles.uid, uid), sql`lower(${studentProfiles.devpostUsername}) = lower(${username})`))
    .returning({ uid: studentProfiles.uid });
  return updated.length > 0;
}
