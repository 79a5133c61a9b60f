import { and, eq, inArray, isNull } from 'drizzle-orm';
import { withdrawableStatuses } from '../../../shared/company/application-status.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { Database } from '../../db/client.ts';
import {
  applications,
  featuredJobs,
  organizationMembers,
  organizations,
  type OrganizationRow,
} from '../../db/schema.ts';
import { enqueueMails, type OutboxMessage } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import { organizationDeletionApplicantMail, organizationDeletionMemberMail } from './organization-deletion-mails.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  cancelOrganizationDeletion,
  type CancelOutcome,
  scheduleOrganizationDeletion,
  type ScheduleOutcome,
} from './organization-deletion.repository.ts';

// Scheduling and cancelling an organization's deletion, for the owners' routes and the operators' `npm run org`
// (docs/decisions/035 and 037): the same rules and effects, the activity log naming who acted (a member's uid, or
// `cli:<OS user>` for the command line).

const dayMs = 86_400_000;

export type DeletionRequest = {
  organizationId: string;
  /** A member's uid, or `cli:<user>`. */
  actor: string;
  now: Date;
  /** ORGANIZATION_DELETION_GRACE_DAYS. */
  graceDays: number;
  /** PUBLIC_URL, for the links of the e-mails. */
  appUrl: string;
};

/**
 * The e-mails of a newly scheduled deletion, in its transaction: each member (the date, how to cancel) and each
 * student with an open application to one of its jobs (the job closed, when the application goes). The members'
 * are caused by the organization and the students' by their application, so the sweep deletes both with it.
 */
async function enqueueDeletionNotices(tx: Database, organization: OrganizationRow, dueAt: Date, appUrl: string) {
  const members = await tx
    .select({ uid: organizationMembers.uid, email: organizationMembers.email })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organization.id));
  const open = await tx
    .select({ id: applications.id, uid: applications.uid, email: applications.email, jobTitle: featuredJobs.title })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .where(
      and(
        eq(featuredJobs.organizationId, organization.id),
        inArray(applications.status, [...withdrawableStatuses]),
        isNull(applications.anonymizedAt),
      ),
    );
  const organizationName = organization.name;
  const mails: OutboxMessage[] = [];
  for (const member of members) {
    const locale = await recipientLocale(tx, { uid: member.uid });
    mails.push({
      kind: 'organization-deletion-member',
      causeId: organization.id,
      ...organizationDeletionMemberMail({ to: member.email, locale, organizationName, dueAt, appUrl }),
    });
  }
  for (const application of open) {
    const locale = await recipientLocale(tx, application.uid ? { uid: application.uid } : { email: application.email });
    mails.push({
      kind: 'organization-deletion-applicant',
      causeId: application.id,
      ...organizationDeletionApplicantMail({
        to: application.email,
        locale,
        organizationName,
        jobTitle: application.jobTitle,
        dueAt,
        appUrl,
      }),
    });
  }
  for (let start = 0; start < mails.length; start += 200) await enqueueMails(tx, mails.slice(start, start + 200));
}

/** Null: no such organization. Already scheduled: the first date stands (`scheduled: false`). */
export async function requestOrganizationDeletion(
  db: Database,
  { organizationId, actor, now, graceDays, appUrl }: DeletionRequest,
): Promise<ScheduleOutcome | null> {
  const dueAt = new Date(now.getTime() + graceDays * dayMs);
  return scheduleOrganizationDeletion(db, { organizationId, uid: actor, now, dueAt }, async (tx, organization) => {
    await recordActivity(tx, {
      organizationId: organization.id,
      actorUid: actor,
      kind: 'deletion-scheduled',
      detail: { dueAt: dueAt.toISOString() },
      at: now,
    });
    await enqueueDeletionNotices(tx, organization, dueAt, appUrl);
  });
}

export async function withdrawOrganizationDeletion(
  db: Database,
  { organizationId, actor, now }: Omit<DeletionRequest, 'graceDays' | 'appUrl'>,
): Promise<CancelOutcome> {
  return cancelOrganizationDeletion(db, { organizationId, now }, (tx, organization) =>
    recordActivity(tx, { organizationId: organization.id, actorUid: actor, kind: 'deletion-cancelled', at: now }),
  );
}

/** The organization an operator names by its id or its slug. */
export async function findOrganizationByIdOrSlug(db: Database, idOrSlug: string): Promise<OrganizationRow | null> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(isUuid(idOrSlug) ? eq(organizations.id, idOrSlug) : eq(organizations.slug, idOrSlug))
    .limit(1);
  return row ?? null;
}

export type OperatorDeletionResult = {
  id: string;
  name: string;
  slug: string;
  /** false: it was already scheduled, and the first date stands. */
  scheduled: boolean;
  /** ISO date of the deletion; null once cancelled. */
  deletionDueAt: string | null;
  boardChanged: boolean;
};

export type OperatorDeletionInput = {
  /** The organization's id or slug. */
  organization: string;
  /** `cli:<OS user>`. */
  actor: string;
  now: Date;
  graceDays: number;
  appUrl: string;
};

function operatorResult(organization: OrganizationRow, scheduled: boolean, boardChanged: boolean) {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    scheduled,
    deletionDueAt: organization.deletionDueAt?.toISOString() ?? null,
    boardChanged,
  };
}

/** `npm run org -- delete`: what an owner's DELETE does, by an operator. 404 not_found for an unknown organization. */
export async function operatorDeletesOrganization(
  db: Database,
  { organization, actor, now, graceDays, appUrl }: OperatorDeletionInput,
): Promise<OperatorDeletionResult> {
  const found = await findOrganizationByIdOrSlug(db, organization);
  if (!found) throw new HttpError(404, 'not_found', 'There is no organization with this id or slug.');
  const result = await requestOrganizationDeletion(db, { organizationId: found.id, actor, now, graceDays, appUrl });
  if (!result) throw new HttpError(404, 'not_found', 'There is no organization with this id or slug.');
  return operatorResult(result.organization, result.scheduled, result.boardChanged);
}

/** `npm run org -- restore`: an owner's cancel, by an operator (409 when nothing is scheduled or the date passed). */
export async function operatorRestoresOrganization(
  db: Database,
  { organization, actor, now }: OperatorDeletionInput,
): Promise<OperatorDeletionResult> {
  const found = await findOrganizationByIdOrSlug(db, organization);
  if (!found) throw new HttpError(404, 'not_found', 'There is no organization with this id or slug.');
  const result = await withdrawOrganizationDeletion(db, { organizationId: found.id, actor, now });
  if (result.outcome === 'not_found')
    throw new HttpError(404, 'not_found', 'There is no organization with this id or slug.');
  if (result.outcome !== 'cancelled') {
    throw new HttpError(409, result.outcome === 'grace_over' ? 'deletion_grace_over' : 'deletion_not_scheduled');
  }
  return operatorResult(result.organization, false, false);
}
