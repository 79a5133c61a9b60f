import { eq } from 'drizzle-orm';
import { myApplicationPath } from '../../shared/applications/application-link.ts';
import { studentStatusNames } from '../../shared/applications/status-names.ts';
import type { ApplicationStatus } from '../../shared/company/application-status.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { clipText as clip, type PushPayload } from '../../shared/push/push-payload.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { enqueuePush } from './push-outbox.ts';

// The push a student gets when a company moves their application, in the student's language (users.locale; null:
// English). It opens the application in My Applications; a newer status of the same application replaces it (tag).

const texts: Record<
  Locale,
  { title: (job: string) => string; body: (organization: string, status: string) => string }
> = {
  en: {
    title: (job) => `Application update: ${job}`,
    body: (organization, status) => `Your application at ${organization} is now: ${status}.`,
  },
  fr: {
    title: (job) => `Candidature mise à jour : ${job}`,
    body: (organization, status) => `Statut de votre candidature chez ${organization} : ${status}.`,
  },
};

export function statusChangePushPayload({
  locale,
  applicationId,
  jobTitle,
  organizationName,
  status,
}: {
  locale: Locale;
  applicationId: string;
  jobTitle: string;
  organizationName: string;
  status: ApplicationStatus;
}): PushPayload {
  const text = texts[locale];
  return {
    title: clip(text.title(clip(jobTitle, 80)), 120),
    body: clip(text.body(clip(organizationName, 120), studentStatusNames[locale][status]), 400),
    url: myApplicationPath(applicationId),
    tag: `application-${applicationId}`,
  };
}

/** Queues the status-change push for the student `uid`, with `db` the transaction of the change. */
export async function enqueueStatusChangePush(
  db: Database,
  change: { uid: string; applicationId: string; jobTitle: string; organizationName: string; status: ApplicationStatus },
): Promise<void> {
  const [student] = await db.select({ locale: users.locale }).from(users).where(eq(users.uid, change.uid));
  const locale = isLocale(student?.locale) ? student.locale : 'en';
  await enqueuePush(db, {
    userUid: change.uid,
    kind: 'status-change',
    causeId: change.applicationId,
    payload: statusChangePushPayload({ locale, ...change }),
  });
}
