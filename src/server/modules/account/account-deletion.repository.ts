import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountDeletions,
  applicantInvitations,
  applicationMessages,
  applicationStatusHistory,
  interviewEvents,
  interviews,
  interviewSlots,
  applications,
  mailOutbox,
  notificationRuns,
  organizationInvitations,
  organizationActivity,
  organizationMembers,
  organizations,
  studentProfiles,
  users,
} from '../../db/schema.ts';
import type { ApplicationReceipt } from '../../../shared/applications/application-schema.ts';
import { anonymousAnswers } from '../../../shared/account/account-deletion.ts';

// The rows of an account deletion (account-deletion.service.ts says in which order, and why).

/** Statuses a deletion withdraws: the application was still in progress. */
const finishedStatuses = ['withdrawn', 'rejected', 'hired'] as const;

/**
 * The organizations this person is the only owner of (they must name another owner or delete it first). One already
 * scheduled for deletion does not hold them back: it goes at its date whoever is left in it.
 */
export async function organizationsOwnedAlone(db: Database, uid: string): Promise<string[]> {
  const owners = sql<number>`(select count(*) from ${organizationMembers} o where o.organization_id = ${organizationMembers.organizationId} and o.role = 'owner')`;
  const rows = await db
    .select({ name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.uid, uid),
        eq(organizationMembers.role, 'owner'),
        sql`${owners} = 1`,
        isNull(organizations.deletionDueAt),
      ),
    );
  return rows.map((row) => row.name);
}

export async function markAccountDeletion(db: Database, uid: string, email: string): Promise<void> {
  await db.insert(accountDeletions).values({ uid, email }).onConflictDoNothing();
}

export async function pendingAccountDeletions(db: Database, limit: number) {
  return db.select().from(accountDeletions).orderBy(accountDeletions.requestedAt).limit(limit);
}

export async function findAccountDeletion(db: Database, uid: string) {
  const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.uid, uid));
  return row ?? null;
}

export async function forgetAccountDeletion(db: Database, uid: string): Promise<void> {
  await db.delete(accountDeletions).where(eq(accountDeletions.uid, uid));
}

/** The storage keys of the account's files: the profile's resume and every application's copy. */
export async function accountFileKeys(db: Database, uid: string): Promise<string[]> {
  const [profiles, applied] = await Promise.all([
    db
      .select({ key: studentProfiles.resumeKey })
      .from(studentProfiles)
      .where(and(eq(studentProfiles.uid, uid), isNotNull(studentProfiles.resumeKey))),
    db
      .select({ key: applications.resumeKey })
      .from(applications)
      .where(and(eq(applications.uid, uid), ne(applications.resumeKey, ''))),
  ]);
  return [...profiles, ...applied].flatMap((row) => (row.key ? [row.key] : []));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * In one transaction: the account's applications withdrawn and anonymised (kept for their organization), the mail
 * addressed to it or about its applications, the invitations sent to its address, its memberships and its
 * notification records removed, the messages sent to it removed, its uid taken off its organizations' activity logs
 * and the messages it sent as a member, then the account row, which
 * takes every table keyed to it along (profile, saved and dismissed jobs, alerts, push subscriptions and queued
 * pushes: ON DELETE CASCADE).
 */
export async function deleteAccountRows(db: Database, uid: string, email: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({
        id: applications.id,
        status: applications.status,
        receipt: applications.responseBody,
        answers: applications.answers,
      })
      .from(applications)
      .where(eq(applications.uid, uid));
    const ids = owned.map((row) => row.id);
    const inProgress = owned.filter((row) => !(finishedStatuses as readonly string[]).includes(row.status));
    if (inProgress.length > 0) {
      await tx
        .insert(applicationStatusHistory)
        .values(inProgress.map((row) => ({ applicationId: row.id, fromStatus: row.status, toStatus: 'withdrawn' })));
    }
    for (const row of owned) {
      const receipt: ApplicationReceipt = { ...row.receipt, email: '' };
      const withdraw = !(finishedStatuses as readonly string[]).includes(row.status);
      await tx
        .update(applications)
        .set({
          uid: null,
          email: '',
          answers: anonymousAnswers(row.answers.graduationYear),
          skillsSnapshot: [],
          githubSnapshot: null,
          devpostSnapshot: null,
          // The answers may be personal (a short text); whether one was a knockout answer is the job's record.
          screeningAnswers: [],
          resumeKey: '',
          resumeName: '',
          resumeSize: 0,
          resumeProfileId: null,
          idempotencyKey: `deleted:${row.id}`,
          requestHash: '',
          responseBody: receipt,
          anonymizedAt: now,
          anonymizedReason: 'account-deleted',
          updatedAt: now,
          ...(withdraw
            ? { status: 'withdrawn' as const, statusChangedAt: now, version: sql`${applications.version} + 1` }
            : {}),
        })
        .where(eq(applications.id, row.id));
    }

    // The messages sent to the student are theirs: gone with the application's personal data.
    if (ids.length > 0) await tx.delete(applicationMessages).where(inArray(applicationMessages.applicationId, ids));
    // Their interviews end: nobody is left to meet, and a booked time no longer holds the job's calendar.
    if (ids.length > 0) {
      await tx
        .update(interviews)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(inArray(interviews.applicationId, ids), ne(interviews.status, 'cancelled')));
      await tx
        .delete(interviewSlots)
        .where(
          inArray(
            interviewSlots.interviewId,
            tx.select({ id: interviews.id }).from(interviews).where(inArray(interviews.applicationId, ids)),
          ),
        );
    }

    const mentions = [likePattern(email)];
    await tx
      .delete(mailOutbox)
      .where(
        or(
          sql`lower(${mailOutbox.recipient}) = lower(${email})`,
          ids.length > 0 ? inArray(mailOutbox.causeId, ids) : undefined,
          ...mentions.flatMap((pattern) => [
            sql`${mailOutbox.body} ilike ${pattern}`,
            sql`coalesce(${mailOutbox.html}, '') ilike ${pattern}`,
          ]),
        ),
      );
    await tx.delete(applicantInvitations).where(sql`lower(${applicantInvitations.email}) = lower(${email})`);
    await tx.delete(organizationInvitations).where(sql`lower(${organizationInvitations.email}) = lower(${email})`);
    // Each organization's log says a member left (by a deleted account: no uid), as when a member leaves themselves.
    const memberships = await tx
      .delete(organizationMembers)
      .where(eq(organizationMembers.uid, uid))
      .returning({ organizationId: organizationMembers.organizationId });
    if (memberships.length > 0) {
      await tx.insert(organizationActivity).values(
        memberships.map(({ organizationId }) => ({
          organizationId,
          actorUid: null,
          kind: 'member-left' as const,
          at: now,
        })),
      );
    }
    // The organizations keep their activity log (what was done, when), no longer saying by whom.
    await tx.update(organizationActivity).set({ actorUid: null }).where(eq(organizationActivity.actorUid, uid));
    // A member's interviews keep their history without them: no uid on the events, and off the interviewers' list.
    await tx.update(interviewEvents).set({ actorUid: null }).where(eq(interviewEvents.actorUid, uid));
    await tx.update(interviews).set({ createdBy: null }).where(eq(interviews.createdBy, uid));
    await tx
      .update(interviews)
      .set({
        interviewers: sql`(select coalesce(jsonb_agg(person), '[]'::jsonb) from jsonb_array_elements(${interviews.interviewers}) person where person->>'uid' <> ${uid})`,
      })
      .where(sql`${interviews.interviewers} @> ${JSON.stringify([{ uid }])}::jsonb`);
    // A member's messages stay on the applications they were sent about, signed with the name kept at send time.
    await tx.update(applicationMessages).set({ sentByUid: null }).where(eq(applicationMessages.sentByUid, uid));
    // Digest runs are named `digest:{uid}:{day}`.
    await tx.delete(notificationRuns).where(sql`${notificationRuns.id} like ${likePattern(`:${uid}:`)}`);
    await tx.delete(users).where(eq(users.uid, uid));
  });
}
