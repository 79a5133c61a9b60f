import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale.ts';
import type { AccountUser } from '../../../shared/schemas/create-account.ts';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export type UpsertAccountResult = { user: AccountUser; created: boolean };

/** 'Ada King Lovelace' -> ['Ada', 'King Lovelace']; the profile lets the person correct it later. */
function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  if (!name) return { firstName: null, lastName: null };
  const [firstName = null, ...rest] = name.split(/\s+/);
  return { firstName, lastName: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Creates the account row for a signed-in person, or refreshes it when it exists. One statement
 * (INSERT ... ON CONFLICT), so two simultaneous calls for one uid still leave exactly one row.
 */
export async function upsertAccount(
  db: Database,
  caller: AuthUser & { email: string },
  browser: { locale?: Locale | undefined; timeZone?: string | undefined } = {},
): Promise<UpsertAccountResult> {
  const { firstName, lastName } = splitName(caller.name);
  const [row] = await db
    .insert(users)
    .values({
      uid: caller.uid,
      email: caller.email,
      emailVerified: caller.emailVerified,
      displayName: caller.name,
      firstName,
      lastName,
      signInProvider: caller.provider,
      locale: browser.locale ?? null,
      timeZone: browser.timeZone ?? null,
    })
    .onConflictDoUpdate({
      target: users.uid,
      // Names are left alone: after the first sign-in the profile owns them.
      set: {
        email: sql`excluded.email`,
        emailVerified: sql`excluded.email_verified`,
        signInProvider: sql`excluded.sign_in_provider`,
        lastSignInAt: sql`now()`,
        // The language signed in with is the one in use; the time zone is the sign-up's, filled when unknown.
        locale: sql`coalesce(excluded.locale, ${users.locale})`,
        timeZone: sql`coalesce(${users.timeZone}, excluded.time_zone)`,
        updatedAt: sql`case
          when (${users.email}, ${users.emailVerified}, ${users.signInProvider})
            is distinct from (excluded.email, excluded.email_verified, excluded.sign_in_provider)
          then now() else ${users.updatedAt} end`,
      },
    })
    // xmax is 0 only on a freshly inserted row version: the standard way to tell insert from update here.
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error(`Upsert of user ${caller.uid} returned no row`);
  const { created, ...user } = row;
  return { user: toAccountUser(user), created };
}

export function toAccountUser(row: UserRow): AccountUser {
  return {
    uid: row.uid,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    signInProvider: row.signInProvider,
    studentId: row.studentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: row.lastSignInAt.toISOString(),
    locale: row.locale === 'en' || row.locale === 'fr' ? row.locale : null,
    timeZone: row.timeZone,
  };
}

/**
 * Keeps the student's language (they switched it) and time zone; an absent field is left as it is. Answers the
 * stored values, or null when the person has no account.
 */
export async function updateAccountSettings(
  db: Database,
  uid: string,
  settings: { locale?: Locale | undefined; timeZone?: string | undefined },
): Promise<{ locale: Locale | null; timeZone: string | null } | null> {
  const changes = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select().from(users).where(eq(users.uid, uid))
      : await db.update(users).set(changes).where(eq(users.uid, uid)).returning();
  if (!row) return null;
  const { locale, timeZone } = toAccountUser(row);
  return { locale, timeZone };
}

/** Whether the signed-in person has created their account (POST /api/auth/create-account). */
export async function accountExists(db: Database, uid: string): Promise<boolean> {
  const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).limit(1);
  return row !== undefined;
}
