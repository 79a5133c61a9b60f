import { eq, getTableColumns, sql } from 'drizzle-orm';
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
export async function upsertAccount(db: Database, caller: AuthUser & { email: string }): Promise<UpsertAccountResult> {
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
    })
    .onConflictDoUpdate({
      target: users.uid,
      // Names are left alone: after the first sign-in the profile owns them.
      set: {
        email: sql`excluded.email`,
        emailVerified: sql`excluded.email_verified`,
        signInProvider: sql`excluded.sign_in_provider`,
        lastSignInAt: sql`now()`,
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
  };
}

/** Whether the signed-in person has created their account (POST /api/auth/create-account). */
export async function accountExists(db: Database, uid: string): Promise<boolean> {
  const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).limit(1);
  return row !== undefined;
}
