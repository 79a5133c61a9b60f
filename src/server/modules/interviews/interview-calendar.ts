import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { IcalEvent } from '../../mail/mailer.ts';

// The calendar invitation of an interview (RFC 5545, iTIP RFC 5546), written with ical-generator (CRLF line ends,
// lines folded at 75 octets, text escaped). One UID per interview, so every update replaces the same event in the
// recipients' calendars: METHOD:REQUEST with a higher SEQUENCE moves it, METHOD:CANCEL with STATUS:CANCELLED
// removes it. Times are UTC (`...Z`): each calendar shows them in its owner's zone, and no VTIMEZONE can be wrong.

export type InterviewInvitation = {
  method: 'REQUEST' | 'CANCEL';
  interviewId: string;
  /** The host part of the UID (the From address's domain). */
  uidDomain: string;
  sequence: number;
  start: Date;
  end: Date;
  /** DTSTAMP: when this version of the invitation was written. */
  stamp: Date;
  summary: string;
  description: string;
  location: string | null;
  videoUrl: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string | null; email: string }[];
};

/** The UID of an interview's event, stable across every update and the cancellation. */
export function interviewUid(interviewId: string, domain: string): string {
  return `interview-${interviewId}@${domain}`;
}

export function interviewCalendar(invitation: InterviewInvitation): string {
  const method = invitation.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: 'Campus Jobs', product: 'Interviews', language: 'EN' }, method });
  const where = [invitation.location, invitation.videoUrl].filter(Boolean).join(' · ');
  calendar.createEvent({
    id: interviewUid(invitation.interviewId, invitation.uidDomain),
    sequence: invitation.sequence,
    start: invitation.start,
    end: invitation.end,
    stamp: invitation.stamp,
    summary: invitation.summary,
    description: invitation.description,
    location: where || null,
    url: invitation.videoUrl,
    status: invitation.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: invitation.organizer,
    attendees: invitation.attendees.map((attendee) => ({
      email: attendee.email,
      name: attendee.name,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: false,
    })),
  });
  return calendar.toString();
}

/** The invitation as the outbox keeps it with an e-mail. */
export function interviewIcalEvent(invitation: InterviewInvitation): IcalEvent {
  return {
    method: invitation.method,
    filename: invitation.method === 'CANCEL' ? 'interview-cancelled.ics' : 'interview.ics',
    content: interviewCalendar(invitation),
  };
}
