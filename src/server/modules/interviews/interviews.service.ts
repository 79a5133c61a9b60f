import {
  type Interview,
  interviewLimits,
  type ProposeInterviewRequest,
  rangesOverlap,
  type RescheduleInterviewRequest,
  type StudentInterview,
} from '../../../shared/interviews/interviews-api.ts';
import type { Locale } from '../../../shared/locale.ts';
import { canonicalTimeZone } from '../../../shared/time-zone.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { Database } from '../../db/client.ts';
import type { InterviewRow, InterviewSlotRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { renderMail } from '../../mail/mail-layout.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import { interviewIcalEvent } from './interview-calendar.ts';
import { type InterviewMailEvent, interviewMail } from './interview-mails.ts';
import {
  bookedTimesOfJob,
  findInterview,
  findInterviewApplication,
  findMembers,
  insertEvent,
  insertInterview,
  type InterviewApplication,
  type InterviewEventRow,
  listEvents,
  listInterviews,
  listSlots,
  lockJobForScheduling,
  markSlotBooked,
  replaceSlots,
  updateInterview,
} from './interviews.repository.ts';

// Interview scheduling (docs/decisions/038-interview-scheduling.md). Every change is one transaction: the interview
// and its times, its history, the activity entry (member actions) and the e-mails with their calendar invitation in
// the outbox. Bookings and moves lock the job's row first, so two bookings of one time of a job cannot both win;
// the unique index on booked times is the last guard.

export type SchedulingContext = {
  db: Database;
  appUrl: string;
  /** The From address: the invitations' ORGANIZER and the UIDs' domain. */
  organizerEmail: string;
  now: () => number;
};

export type Actor = { uid: string; name: string | null };

const summaries: Record<Locale, (job: string, org: string) => string> = {
  en: (job, org) => `Interview: ${job}, ${org}`,
  fr: (job, org) => `Entretien : ${job}, ${org}`,
};

/** The interviewers' names as the student reads them: a member whose name is only an address is left out. */
function studentFacingNames(interviewers: InterviewRow['interviewers']): string[] {
  return interviewers.flatMap((person) => (person.name && !person.name.includes('@') ? [person.name] : []));
}

function fullName(application: InterviewApplication): string {
  return `${application.firstName} ${application.lastName}`.trim();
}

/** The application an interview is about; 409 when nobody can be invited any more. */
async function applicationOf(db: Database, applicationId: string): Promise<InterviewApplication> {
  const application = await findInterviewApplication(db, applicationId);
  if (!application) throw new HttpError(404, 'not_found');
  if (application.anonymized || application.uid === null || application.status === 'withdrawn') {
    throw new HttpError(409, 'interview_recipient_gone');
  }
  return application;
}

/** The proposed times as dates: in the future, at most a year ahead (400 otherwise). */
function futureTimes(values: readonly string[], now: number): Date[] {
  const latest = now + interviewLimits.daysAhead * 86_400_000;
  return values
    .map((value) => new Date(value))
    .map((date) => {
      if (date.getTime() <= now) throw new HttpError(400, 'invalid_request', 'Propose times in the future');
      if (date.getTime() > latest) throw new HttpError(400, 'invalid_request', 'Propose times within a year');
      return date;
    })
    .sort((a, b) => a.getTime() - b.getTime());
}

type Notice = {
  event: InterviewMailEvent;
  /** The time the e-mails name (booked, moved, or the one that no longer holds). */
  start: Date | null;
  slots: Date[];
  /** The calendar invitation sent with them, if any. */
  calendar: 'REQUEST' | 'CANCEL' | null;
  /** Who is told: the student, and the interviewers (of the times proposed, and when their calendar changes). */
  student: boolean;
  interviewers: boolean;
  /** An interviewer not told: the member who proposed the times themselves (nothing in their calendar changes). */
  exceptUid?: string;
};

async function notify(
  tx: Database,
  ctx: SchedulingContext,
  interview: InterviewRow,
  application: InterviewApplication,
  notice: Notice,
): Promise<void> {
  const studentName = fullName(application);
  const members = await findMembers(
    tx,
    interview.organizationId,
    interview.interviewers.map((person) => person.uid),
  );
  const memberZone = new Map(members.map((member) => [member.uid, member.timeZone]));
  const attendees = [
    { name: studentName, email: application.email },
    ...interview.interviewers.map((person) => ({ name: person.name, email: person.email })),
  ];
  const recipients = [
    ...(notice.student
      ? [
          {
            audience: 'student' as const,
            email: application.email,
            firstName: application.firstName as string | null,
            locale: await recipientLocale(tx, { uid: application.uid! }),
            timeZone: application.studentTimeZone,
          },
        ]
      : []),
    ...(notice.interviewers
      ? await Promise.all(
          interview.interviewers
            .filter((person) => person.uid !== notice.exceptUid)
            .map(async (person) => ({
              audience: 'interviewer' as const,
              email: person.email,
              firstName: person.name,
              locale: await recipientLocale(tx, { uid: person.uid }),
              timeZone: memberZone.get(person.uid) ?? null,
            })),
        )
      : []),
  ];
  const durationMs = interview.durationMinutes * 60_000;
  for (const recipient of recipients) {
    const content = interviewMail({
      event: notice.event,
      audience: recipient.audience,
      locale: recipient.locale,
      timeZone: canonicalTimeZone(recipient.timeZone) ?? canonicalTimeZone(interview.timeZone) ?? 'UTC',
      firstName: recipient.firstName,
      studentName,
      jobTitle: application.jobTitle,
      organizationName: application.organizationName,
      applicationId: application.applicationId,
      durationMinutes: interview.durationMinutes,
      location: interview.location,
      videoUrl: interview.videoUrl,
      interviewers: studentFacingNames(interview.interviewers),
      start: notice.start,
      slots: notice.slots,
    });
    const calendar =
      notice.calendar && notice.start
        ? interviewIcalEvent({
            method: notice.calendar,
            interviewId: interview.id,
            uidDomain: domainOf(ctx.organizerEmail),
            sequence: interview.sequence,
            start: notice.start,
            end: new Date(notice.start.getTime() + durationMs),
            stamp: new Date(ctx.now()),
            summary: summaries[recipient.locale](application.jobTitle, application.organizationName),
            description: content.blocks
              .flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []))
              .slice(1)
              .join('\n\n'),
            location: interview.location,
            videoUrl: interview.videoUrl,
            organizer: { name: application.organizationName, email: ctx.organizerEmail },
            attendees,
          })
        : null;
    await enqueueMail(tx, {
      kind: 'interview',
      causeId: application.applicationId,
      to: recipient.email,
      ...renderMail(content, { appUrl: ctx.appUrl }),
      icalEvent: calendar,
    });
  }
}

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? 'campus-jobs.invalid';
}

/** The address of 'Campus Jobs <no-reply@campusjobs.dev>'. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

async function record(
  tx: Database,
  interview: InterviewRow,
  kind: InterviewEventRow['kind'],
  actor: Actor | null,
  startsAt: Date | null,
  at: Date,
): Promise<void> {
  await insertEvent(tx, {
    interviewId: interview.id,
    kind,
    actorUid: actor?.uid ?? null,
    actorName: actor?.name ?? null,
    startsAt,
    at,
  });
  if (actor && kind !== 'booked') {
    await recordActivity(tx, {
      organizationId: interview.organizationId,
      actorUid: actor.uid,
      kind: 'interview',
      applicationId: interview.applicationId,
      jobId: interview.jobId,
      detail: { interview: kind },
      at,
    });
  }
}

export async function proposeInterview(
  ctx: SchedulingContext,
  { applicationId, input, actor }: { applicationId: string; input: ProposeInterviewRequest; actor: Actor },
): Promise<InterviewRow> {
  const now = ctx.now();
  const starts = futureTimes(input.slots, now);
  return ctx.db.transaction(async (tx) => {
    const application = await applicationOf(tx, applicationId);
    const uids = [...new Set(input.interviewerUids)];
    const members = await findMembers(tx, application.organizationId, uids);
    if (members.length !== uids.length) throw new HttpError(400, 'interviewer_not_member');
    const byUid = new Map(members.map((member) => [member.uid, member]));
    const at = new Date(now);
    const interview = await insertInterview(tx, {
      applicationId,
      jobId: application.jobId,
      organizationId: application.organizationId,
      durationMinutes: input.durationMinutes,
      location: input.location ?? null,
      videoUrl: input.videoUrl ?? null,
      interviewers: uids.map((uid) => {
        const member = byUid.get(uid)!;
        return { uid, name: member.name, email: member.email };
      }),
      timeZone: canonicalTimeZone(input.timeZone),
      createdBy: actor.uid,
      at,
    });
    await replaceSlots(tx, interview, starts);
    await record(tx, interview, 'proposed', actor, null, at);
    await notify(tx, ctx, interview, application, {
      event: 'proposed',
      start: null,
      slots: starts,
      calendar: null,
      student: true,
      interviewers: true,
      exceptUid: actor.uid,
    });
    return interview;
  });
}

async function openInterview(tx: Database, applicationId: string, interviewId: string): Promise<InterviewRow> {
  const interview = isUuid(interviewId)
    ? await findInterview(tx, applicationId, interviewId.toLowerCase(), { forUpdate: true })
    : null;
  if (!interview) throw new HttpError(404, 'not_found');
  return interview;
}

function bookedStart(slots: readonly InterviewSlotRow[]): Date | null {
  return slots.find((slot) => slot.bookedAt !== null)?.startsAt ?? null;
}

async function refuseTaken(tx: Database, interview: InterviewRow, start: Date): Promise<void> {
  const range = { start: start.getTime(), end: start.getTime() + interview.durationMinutes * 60_000 };
  const booked = await bookedTimesOfJob(tx, interview.jobId, interview.id);
  if (booked.some((other) => rangesOverlap(range, other))) throw new HttpError(409, 'interview_slot_taken');
}

/** The student books one of the times proposed to them. */
export async function bookInterview(
  ctx: SchedulingContext,
  { applicationId, interviewId, slotId }: { applicationId: string; interviewId: string; slotId: string },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const application = await applicationOf(tx, applicationId);
    await lockJobForScheduling(tx, application.jobId);
    const interview = await openInterview(tx, applicationId, interviewId);
    if (interview.status !== 'proposed') throw new HttpError(409, 'interview_not_open');
    const slots = await listSlots(tx, [interview.id]);
    const slot = slots.find((candidate) => candidate.id === slotId.toLowerCase());
    if (!slot) throw new HttpError(404, 'interview_slot_not_found');
    if (slot.startsAt.getTime() <= now) throw new HttpError(409, 'interview_slot_past');
    await refuseTaken(tx, interview, slot.startsAt);
    const at = new Date(now);
    await markSlotBooked(tx, slot.id, at);
    await updateInterview(tx, interview.id, { status: 'booked', at });
    await record(tx, interview, 'booked', null, slot.startsAt, at);
    await notify(tx, ctx, interview, application, {
      event: 'booked',
      start: slot.startsAt,
      slots: [],
      calendar: 'REQUEST',
      student: true,
      interviewers: true,
    });
  });
}

/** The member moves the booked time, or proposes new times (the booking, if any, is released). */
export async function rescheduleInterview(
  ctx: SchedulingContext,
  {
    applicationId,
    interviewId,
    input,
    actor,
  }: { applicationId: string; interviewId: string; input: RescheduleInterviewRequest; actor: Actor },
): Promise<void> {
  const now = ctx.now();
  const starts = futureTimes(input.kind === 'move' ? [input.startsAt] : input.slots, now);
  await ctx.db.transaction(async (tx) => {
    const application = await applicationOf(tx, applicationId);
    await lockJobForScheduling(tx, application.jobId);
    const current = await openInterview(tx, applicationId, interviewId);
    if (current.status === 'cancelled') throw new HttpError(409, 'interview_not_open');
    const previous = bookedStart(await listSlots(tx, [current.id]));
    const at = new Date(now);
    if (input.kind === 'move') {
      if (current.status !== 'booked') throw new HttpError(409, 'interview_not_booked');
      const start = starts[0]!;
      await refuseTaken(tx, current, start);
      const interview = { ...current, sequence: current.sequence + 1 };
      await replaceSlots(tx, interview, [start], at);
      await updateInterview(tx, interview.id, { sequence: interview.sequence, at });
      await record(tx, interview, 'moved', actor, start, at);
      await notify(tx, ctx, interview, application, {
        event: 'moved',
        start,
        slots: [],
        calendar: 'REQUEST',
        student: true,
        interviewers: true,
      });
      return;
    }
    // New times: a booked event is withdrawn from the calendars (CANCEL, next SEQUENCE); the student picks again.
    const wasBooked = current.status === 'booked';
    const interview = { ...current, status: 'proposed' as const, sequence: current.sequence + (wasBooked ? 1 : 0) };
    await replaceSlots(tx, interview, starts);
    await updateInterview(tx, interview.id, { status: 'proposed', sequence: interview.sequence, at });
    await record(tx, interview, 'reproposed', actor, null, at);
    // Everyone hears of the new times in one e-mail; when a time was booked, it carries the CANCEL that drops it
    // from every calendar (the proposer's too), else the member who proposed them is not told of their own act.
    await notify(tx, ctx, interview, application, {
      event: 'reproposed',
      start: wasBooked ? previous : null,
      slots: starts,
      calendar: wasBooked ? 'CANCEL' : null,
      student: true,
      interviewers: true,
      exceptUid: wasBooked ? undefined : actor.uid,
    });
  });
}

export async function cancelInterview(
  ctx: SchedulingContext,
  { applicationId, interviewId, actor }: { applicationId: string; interviewId: string; actor: Actor },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const application = await applicationOf(tx, applicationId);
    const current = await openInterview(tx, applicationId, interviewId);
    if (current.status === 'cancelled') throw new HttpError(409, 'interview_not_open');
    const wasBooked = current.status === 'booked';
    const previous = bookedStart(await listSlots(tx, [current.id]));
    const at = new Date(now);
    const interview = { ...current, status: 'cancelled' as const, sequence: current.sequence + (wasBooked ? 1 : 0) };
    // The times go: a cancelled interview's times neither show nor hold anything.
    await replaceSlots(tx, interview, []);
    await updateInterview(tx, interview.id, { status: 'cancelled', sequence: interview.sequence, at });
    await record(tx, interview, 'cancelled', actor, null, at);
    await notify(tx, ctx, interview, application, {
      event: 'cancelled',
      start: wasBooked ? previous : null,
      slots: [],
      calendar: wasBooked ? 'CANCEL' : null,
      student: true,
      interviewers: wasBooked,
    });
  });
}

function taken(slot: InterviewSlotRow, booked: readonly { start: number; end: number }[]): boolean {
  const range = { start: slot.startsAt.getTime(), end: slot.endsAt.getTime() };
  return booked.some((other) => rangesOverlap(range, other));
}

/** The application's interviews as the organization sees them. */
export async function companyInterviews(db: Database, applicationId: string, jobId: string): Promise<Interview[]> {
  const rows = await listInterviews(db, applicationId);
  const ids = rows.map((row) => row.id);
  const [slots, events] = await Promise.all([listSlots(db, ids), listEvents(db, ids)]);
  const bookedByOthers = new Map<string, { start: number; end: number }[]>();
  for (const row of rows) bookedByOthers.set(row.id, await bookedTimesOfJob(db, jobId, row.id));
  return rows.map((row) => {
    const own = slots.filter((slot) => slot.interviewId === row.id);
    const booked = own.find((slot) => slot.bookedAt !== null);
    return {
      id: row.id,
      applicationId: row.applicationId,
      status: row.status,
      durationMinutes: row.durationMinutes,
      location: row.location,
      videoUrl: row.videoUrl,
      interviewers: row.interviewers,
      slots: own.map((slot) => ({
        id: slot.id,
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        taken: slot.bookedAt === null && taken(slot, bookedByOthers.get(row.id) ?? []),
      })),
      booked: booked ? { startsAt: booked.startsAt.toISOString(), endsAt: booked.endsAt.toISOString() } : null,
      sequence: row.sequence,
      createdAt: row.createdAt.toISOString(),
      history: events
        .filter((event) => event.interviewId === row.id)
        .map((event) => ({
          kind: event.kind,
          at: event.at.toISOString(),
          by: event.actorUid || event.actorName ? { uid: event.actorUid, name: event.actorName } : null,
          startsAt: event.startsAt?.toISOString() ?? null,
        })),
    };
  });
}

/** The application's interviews as its student sees them: only the free, future times; no interviewer e-mails. */
export async function studentInterviews(
  db: Database,
  applicationId: string,
  jobId: string,
  now: number,
): Promise<StudentInterview[]> {
  const rows = await listInterviews(db, applicationId);
  const slots = await listSlots(
    db,
    rows.map((row) => row.id),
  );
  const result: StudentInterview[] = [];
  for (const row of rows) {
    const own = slots.filter((slot) => slot.interviewId === row.id);
    const booked = own.find((slot) => slot.bookedAt !== null);
    const others = row.status === 'proposed' ? await bookedTimesOfJob(db, jobId, row.id) : [];
    result.push({
      id: row.id,
      status: row.status,
      durationMinutes: row.durationMinutes,
      location: row.location,
      videoUrl: row.videoUrl,
      interviewers: studentFacingNames(row.interviewers),
      slots:
        row.status === 'proposed'
          ? own
              .filter((slot) => slot.startsAt.getTime() > now && !taken(slot, others))
              .map((slot) => ({
                id: slot.id,
                startsAt: slot.startsAt.toISOString(),
                endsAt: slot.endsAt.toISOString(),
              }))
          : [],
      booked: booked ? { startsAt: booked.startsAt.toISOString(), endsAt: booked.endsAt.toISOString() } : null,
    });
  }
  return result;
}
