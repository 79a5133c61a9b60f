import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applications,
  featuredJobs,
  interviewEvents,
  type InterviewRow,
  interviews,
  interviewSlots,
  type InterviewSlotRow,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema.ts';

// The rows of modules/interviews: interviews, their proposed times and their history.

export type InterviewEventRow = typeof interviewEvents.$inferSelect;

/** The application an interview is about: who to invite, and what to call the job. */
export type InterviewApplication = {
  applicationId: string;
  uid: string | null;
  email: string;
  firstName: string;
  lastName: string;
  anonymized: boolean;
  status: string;
  studentTimeZone: string | null;
  jobId: string;
  jobTitle: string;
  organizationId: string;
  organizationName: string;
};

export async function findInterviewApplication(
  db: Database,
  applicationId: string,
): Promise<InterviewApplication | null> {
  const [row] = await db
    .select({
      applicationId: applications.id,
      uid: applications.uid,
      email: applications.email,
      answers: applications.answers,
      anonymizedAt: applications.anonymizedAt,
      status: applications.status,
      studentTimeZone: users.timeZone,
      jobId: featuredJobs.id,
      jobTitle: featuredJobs.title,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .leftJoin(users, eq(users.uid, applications.uid))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  const { answers, anonymizedAt, ...rest } = row;
  return {
    ...rest,
    firstName: answers.firstName,
    lastName: answers.lastName,
    anonymized: anonymizedAt !== null,
  };
}

/** The student's own application (another person's id is not found). */
export async function findOwnApplicationId(db: Database, uid: string, applicationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.uid, uid)));
  return row?.id ?? null;
}

export async function findMembers(db: Database, organizationId: string, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return db
    .select({
      uid: organizationMembers.uid,
      name: organizationMembers.name,
      email: organizationMembers.email,
      timeZone: organizationMembers.timeZone,
    })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.uid, [...uids])));
}

/** Serialises the bookings and moves of one job's interviews: held until the transaction ends. */
export async function lockJobForScheduling(tx: Database, jobId: string): Promise<void> {
  await tx.execute(sql`select id from ${featuredJobs} where id = ${jobId} for update`);
}

export async function insertInterview(
  tx: Database,
  values: Omit<InterviewRow, 'id' | 'status' | 'sequence' | 'createdAt' | 'updatedAt'> & { at: Date },
): Promise<InterviewRow> {
  const { at, ...fields } = values;
  const [row] = await tx
    .insert(interviews)
    .values({ ...fields, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateInterview(
  tx: Database,
  interviewId: string,
  changes: Partial<Pick<InterviewRow, 'status' | 'sequence'>> & { at: Date },
): Promise<void> {
  const { at, ...fields } = changes;
  await tx
    .update(interviews)
    .set({ ...fields, updatedAt: at })
    .where(eq(interviews.id, interviewId));
}

export async function replaceSlots(
  tx: Database,
  interview: Pick<InterviewRow, 'id' | 'jobId' | 'durationMinutes'>,
  starts: readonly Date[],
  bookedAt: Date | null = null,
): Promise<InterviewSlotRow[]> {
  await tx.delete(interviewSlots).where(eq(interviewSlots.interviewId, interview.id));
  if (starts.length === 0) return [];
  return tx
    .insert(interviewSlots)
    .values(
      starts.map((start) => ({
        interviewId: interview.id,
        jobId: interview.jobId,
        startsAt: start,
        endsAt: new Date(start.getTime() + interview.durationMinutes * 60_000),
        bookedAt,
      })),
    )
    .returning();
}

export async function markSlotBooked(tx: Database, slotId: string, at: Date): Promise<void> {
  await tx.update(interviewSlots).set({ bookedAt: at }).where(eq(interviewSlots.id, slotId));
}

/** The interview, only when it belongs to `applicationId`; locked for the transaction when `forUpdate`. */
export async function findInterview(
  db: Database,
  applicationId: string,
  interviewId: string,
  { forUpdate = false } = {},
): Promise<InterviewRow | null> {
  const query = db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.applicationId, applicationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listInterviews(db: Database, applicationId: string): Promise<InterviewRow[]> {
  return db
    .select()
    .from(interviews)
    .where(eq(interviews.applicationId, applicationId))
    .orderBy(asc(interviews.createdAt), asc(interviews.id));
}

export async function listSlots(db: Database, interviewIds: readonly string[]): Promise<InterviewSlotRow[]> {
  if (interviewIds.length === 0) return [];
  return db
    .select()
    .from(interviewSlots)
    .where(inArray(interviewSlots.interviewId, [...interviewIds]))
    .orderBy(asc(interviewSlots.startsAt));
}

/** The times booked for the job's interviews other than `exceptInterviewId`: they hide overlapping proposals. */
export async function bookedTimesOfJob(
  db: Database,
  jobId: string,
  exceptInterviewId: string | null,
): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ startsAt: interviewSlots.startsAt, endsAt: interviewSlots.endsAt })
    .from(interviewSlots)
    .innerJoin(interviews, eq(interviews.id, interviewSlots.interviewId))
    // A withdrawn or anonymised application's booking holds no time.
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .where(
      and(
        eq(interviewSlots.jobId, jobId),
        isNotNull(interviewSlots.bookedAt),
        eq(interviews.status, 'booked'),
        ne(applications.status, 'withdrawn'),
        isNull(applications.anonymizedAt),
        ...(exceptInterviewId ? [ne(interviewSlots.interviewId, exceptInterviewId)] : []),
      ),
    );
  return rows.map((row) => ({ start: row.startsAt.getTime(), end: row.endsAt.getTime() }));
}

export async function insertEvent(tx: Database, values: Omit<InterviewEventRow, 'id'>): Promise<void> {
  await tx.insert(interviewEvents).values(values);
}

export async function listEvents(db: Database, interviewIds: readonly string[]): Promise<InterviewEventRow[]> {
  if (interviewIds.length === 0) return [];
  return db
    .select()
    .from(interviewEvents)
    .where(inArray(interviewEvents.interviewId, [...interviewIds]))
    .orderBy(asc(interviewEvents.at), asc(interviewEvents.id));
}
