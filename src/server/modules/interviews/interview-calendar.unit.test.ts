import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type InterviewInvitation, interviewCalendar, interviewIcalEvent, interviewUid } from './interview-calendar.ts';

// The interview's calendar text (RFC 5545), read back with an independent parser (ical.js) rather than compared
// with a string the test wrote.

const invitation: InterviewInvitation = {
  method: 'REQUEST',
  interviewId: '2f1c0f4e-8c1b-4d0e-9a57-0b9d4a1f6c11',
  uidDomain: 'campusjobs.dev',
  sequence: 0,
  start: new Date('2026-12-03T14:30:00-05:00'),
  end: new Date('2026-12-03T15:15:00-05:00'),
  stamp: new Date('2026-11-28T09:00:00Z'),
  summary: 'Interview: Firmware Intern, Acme Robotics; «Montréal», 100%',
  description: 'With Mia Member, Léa Laurent.\nLine two; with a comma, and a backslash \\ here.',
  location: 'Room 4, 1 Main St.',
  videoUrl: 'https://meet.example.com/abc-defg-hij?pwd=' + 'x'.repeat(90),
  organizer: { name: 'Acme Robotics', email: 'no-reply@campusjobs.dev' },
  attendees: [
    { name: 'Amélie Étudiante', email: 'amelie@example.edu' },
    { name: null, email: 'mia@acme.example' },
  ],
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event, wrapped: new ICAL.Event(event) };
}

describe('interviewCalendar', () => {
  it('writes a REQUEST that parses back: UID, SEQUENCE, UTC times, escaped text, attendees', () => {
    const text = interviewCalendar(invitation);
    const { calendar, event, wrapped } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(wrapped.uid).toBe(`interview-${invitation.interviewId}@campusjobs.dev`);
    expect(wrapped.sequence).toBe(0);
    expect(wrapped.startDate.toJSDate().toISOString()).toBe('2026-12-03T19:30:00.000Z');
    expect(wrapped.endDate.toJSDate().toISOString()).toBe('2026-12-03T20:15:00.000Z');
    expect(wrapped.startDate.zone?.tzid).toBe('UTC');
    expect(wrapped.summary).toBe(invitation.summary);
    expect(wrapped.description).toBe(invitation.description);
    expect(wrapped.location).toBe(`Room 4, 1 Main St. · ${invitation.videoUrl}`);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect((event.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-11-28T09:00:00.000Z',
    );
    expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:no-reply@campusjobs.dev');
    const attendees = event
      .getAllProperties('attendee')
      .map((property) => String(property.getFirstValue()).toLowerCase());
    // (The URI scheme is case-insensitive: RFC 3986 3.1.)
    expect(attendees).toEqual(['mailto:amelie@example.edu', 'mailto:mia@acme.example']);
    // Written as the RFC says: CRLF line ends, no line over 75 octets, times in UTC with Z.
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toContain('DTSTART:20261203T193000Z\r\n');
    expect(text).toContain('SUMMARY:Interview: Firmware Intern\\, Acme Robotics\\; «Montréal»\\, 100%');
  });

  it('writes a CANCEL of the same UID with a higher SEQUENCE and STATUS:CANCELLED', () => {
    const cancel = interviewIcalEvent({ ...invitation, method: 'CANCEL', sequence: 3 });
    expect(cancel).toMatchObject({ method: 'CANCEL', filename: 'interview-cancelled.ics' });
    const { calendar, event, wrapped } = parse(cancel.content);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(wrapped.uid).toBe(interviewUid(invitation.interviewId, 'campusjobs.dev'));
    expect(wrapped.sequence).toBe(3);
  });
});
