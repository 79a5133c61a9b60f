import { and, eq, ne } from 'drizzle-orm';
import { findMentions } from '../../../shared/mentions/find-mentions.ts';
import type { Database } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema.ts';
import { mailLocaleOf, renderMail } from '../../mail/mail-layout.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { mentionMail } from './mention-mails.ts';

/**
 * Queues an e-mail to each member of the organization the note mentions (`@name`), the author excepted, with `db`
 * the note's own transaction. Answers how many were queued.
 */
export async function enqueueMentionMails(
  db: Database,
  note: {
    organizationId: string;
    organizationName: string;
    authorUid: string;
    authorName: string;
    applicationId: string;
    applicantName: string;
    jobTitle: string;
    body: string;
    appUrl: string;
  },
): Promise<number> {
  if (!note.body.includes('@')) return 0;
  const members = await db
    .select({
      uid: organizationMembers.uid,
      name: organizationMembers.name,
      email: organizationMembers.email,
      locale: organizationMembers.locale,
    })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, note.organizationId), ne(organizationMembers.uid, note.authorUid)),
    );
  const byUid = new Map(members.map((member) => [member.uid, member]));
  const mentioned = findMentions(
    note.body,
    members.flatMap((member) => (member.name ? [{ uid: member.uid, name: member.name }] : [])),
  );
  const ids = await enqueueMails(
    db,
    mentioned.map(({ uid }) => {
      const member = byUid.get(uid)!;
      const mail = renderMail(mentionMail(mailLocaleOf(member.locale), { ...note, note: note.body }), {
        appUrl: note.appUrl,
      });
      return { kind: 'mention', causeId: note.applicationId, to: member.email, ...mail };
    }),
  );
  return ids.length;
}
