import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ApplicationNotificationChoice } from '../../../shared/company/application-notifications.ts';
import type { Database } from '../../db/client.ts';
import {
  applications,
  applicationStatusHistory,
  featuredJobs,
  organizationMembers,
  organizations,
} from '../../db/schema.ts';

/** A member's choice in effect: their own, else their role's default (owners 'daily', members 'none'). */
const effectiveChoice = sql<ApplicationNotificationChoice>`coalesce(${organizationMembers.applicationNotifications},
  case when ${organizationMembers.role} = 'owner' then 'daily' else 'none' end)`;

export type MemberChoice = { role: 'owner' | 'member'; choice: ApplicationNotificationChoice };

export async function memberNotificationChoice(
  db: Database,
  organizationId: string,
  uid: string,
): Promise<MemberChoice | null> {
  const [row] = await db
    .select({ role: organizationMembers.role, choice: effectiveChoice })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)));
  return row ?? null;
}

/** Sets the member's choice; false when they are not a member (removed since). */
export async function setMemberNotificationChoice(
  db: Database,
  organizationId: string,
  uid: string,
  choice: ApplicationNotificationChoice,
): Promise<boolean> {
  const rows = await db
    .update(organizationMembers)
    .set({ applicationNotifications: choice })
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)))
    .returning({ uid: organizationMembers.uid });
  return rows.length > 0;
}

export type MemberPreferencesRow = {
  locale: string | null;
  timeZone: string | null;
  name: string | null;
  email: string;
};
const preferenceColumns = {
  locale: organizationMembers.locale,
  timeZone: organizationMembers.timeZone,
  name: organizationMembers.name,
  email: organizationMembers.email,
};

/**
 * Keeps the member's language and time zone on every membership they have (absent fields stay); null when they
 * have none.
 */
export async function setMemberPreferences(
  db: Database,
  uid: string,
  preferences: { locale?: string | undefined; timeZone?: string | undefined; name?: string | undefined },
): Promise<MemberPreferencesRow | null> {
  const changes = Object.fromEntries(Object.entries(preferences).filter(([, value]) => value !== undefined));
  const rows =
    Object.keys(changes).length === 0
      ? await db.select(preferenceColumns).from(organizationMembers).where(eq(organizationMembers.uid, uid))
      : await db
          .update(organizationMembers)
          .set(changes)
          .where(eq(organizationMembers.uid, uid))
          .returning(preferenceColumns);
  return rows[0] ?? null;
}

export type NotifiedMember = {
  organizationId: string;
  organizationName: string;
  uid: string;
  email: string;
  locale: string | null;
  timeZone: string | null;
};

const notifiedMemberColumns = {
  organizationId: organizationMembers.organizationId,
  organizationName: organizations.name,
  uid: organizationMembers.uid,
  email: organizationMembers.email,
  locale: organizationMembers.locale,
  timeZone: organizationMembers.timeZone,
};

/** The members of the organization whose choice in effect is `choice`. */
export function membersChoosing(
  db: Database,
  organizationId: string,
  choice: ApplicationNotificationChoice,
): Promise<NotifiedMember[]> {
  return db
    .select(notifiedMemberColumns)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), sql`${effectiveChoice} = ${choice}`))
    .orderBy(asc(organizationMembers.uid));
}

/** Every member, of every organization, whose choice in effect is the daily summary. */
export function dailySummaryMembers(db: Database): Promise<NotifiedMember[]> {
  return db
    .select(notifiedMemberColumns)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(sql`${effectiveChoice} = 'daily'`)
    .orderBy(asc(organizationMembers.organizationId), asc(organizationMembers.uid));
}

/** One application as its notices name it. */
export type ApplicationNoticeRow = {
  applicationId: string;
  organizationId: string;
  organizationName: string;
  jobId: string;
  jobTitle: string;
  applicantName: string;
  /** When it was sent, or withdrawn. */
  at: Date;
};

const noticeColumns = {
  applicationId: applications.id,
  organizationId: featuredJobs.organizationId,
  organizationName: organizations.name,
  jobId: featuredJobs.id,
  jobTitle: featuredJobs.title,
  applicantName: sql<string>`trim(concat_ws(' ', ${applications.answers} ->> 'firstName', ${applications.answers} ->> 'lastName'))`,
};

export async function applicationForNotice(db: Database, applicationId: string): Promise<ApplicationNoticeRow | null> {
  const [row] = await db
    .select({ ...noticeColumns, at: applications.statusChangedAt })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(eq(applications.id, applicationId));
  return row ?? null;
}

export type ApplicationActivity = { received: ApplicationNoticeRow[]; withdrawn: ApplicationNoticeRow[] };

/**
 * What happened to the organizations' applications in [from, to): the applications sent, and the withdrawals (an
 * application sent and withdrawn within the window is in both), oldest first.
 */
export async function applicationActivity(
  db: Database,
  organizationIds: readonly string[],
  from: Date,
  to: Date,
): Promise<ApplicationActivity> {
  if (organizationIds.length === 0) return { received: [], withdrawn: [] };
  const received = await db
    .select({ ...noticeColumns, at: applications.submittedAt })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(
      and(
        inArray(featuredJobs.organizationId, [...organizationIds]),
        gte(applications.submittedAt, from),
        lt(applications.submittedAt, to),
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id));
  const withdrawn = await db
    .select({ ...noticeColumns, at: applicationStatusHistory.createdAt })
    .from(applicationStatusHistory)
    .innerJoin(applications, eq(applications.id, applicationStatusHistory.applicationId))
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(
      and(
        inArray(featuredJobs.organizationId, [...organizationIds]),
        eq(applicationStatusHistory.toStatus, 'withdrawn'),
        gte(applicationStatusHistory.createdAt, from),
        lt(applicationStatusHistory.createdAt, to),
      ),
    )
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applications.id));
  return { received, withdrawn };
}

/** The member an unsubscribe link names, with their organization's name, choice and language; null when gone. */
export async function memberForUnsubscribe(
  db: Database,
  organizationId: string,
  uid: string,
): Promise<{ organizationName: string; choice: ApplicationNotificationChoice; locale: string | null } | null> {
  const [row] = await db
    .select({ organizationName: organizations.name, choice: effectiveChoice, locale: organizationMembers.locale })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)));
  return row ?? null;
}
