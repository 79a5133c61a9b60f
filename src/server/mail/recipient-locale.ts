import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/locale.ts';
import type { Database } from '../db/client.ts';
import { organizationMembers, users } from '../db/schema.ts';
import { mailLocaleOf } from './mail-layout.ts';

// The language an e-mail is written in, for its recipient: the student's app language (users.locale), else the
// language they use the company portal in (organization_members.locale), else `fallback` (for an invitation: the
// inviting member's), else English. An address nobody signed in with yet has only the fallback.

export type Recipient = { uid: string } | { email: string; fallback?: string | null };

export async function recipientLocale(db: Database, recipient: Recipient): Promise<Locale> {
  if ('uid' in recipient) {
    const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.uid, recipient.uid)).limit(1);
    if (user?.locale) return mailLocaleOf(user.locale);
    const [member] = await db
      .select({ locale: organizationMembers.locale })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.uid, recipient.uid), isNotNull(organizationMembers.locale)))
      .limit(1);
    return mailLocaleOf(member?.locale);
  }
  return (await knownAddressLocale(db, recipient.email)) ?? mailLocaleOf(recipient.fallback);
}

/**
 * The language someone using `email` chose in the app or the company portal, or null when nobody with this address
 * ever did (the operators' e-mails are then written in both languages).
 */
export async function knownAddressLocale(db: Database, address: string): Promise<Locale | null> {
  const email = address.trim().toLowerCase();
  const [user] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.locale)))
    .orderBy(desc(users.lastSignInAt))
    .limit(1);
  if (user?.locale) return mailLocaleOf(user.locale);
  const [member] = await db
    .select({ locale: organizationMembers.locale })
    .from(organizationMembers)
    .where(and(sql`lower(${organizationMembers.email}) = ${email}`, isNotNull(organizationMembers.locale)))
    .limit(1);
  return member?.locale ? mailLocaleOf(member.locale) : null;
}
