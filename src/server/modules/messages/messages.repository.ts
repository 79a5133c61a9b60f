import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicationMessages,
  type ApplicationMessageRow,
  applications,
  emailTemplates,
  type EmailTemplateRow,
  featuredJobs,
  organizations,
} from '../../db/schema.ts';

// The rows of modules/messages: an organization's e-mail templates and the messages kept on applications.

export type TemplateTexts = EmailTemplateRow['texts'];

export async function listTemplates(db: Database, organizationId: string): Promise<EmailTemplateRow[]> {
  return db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.organizationId, organizationId))
    .orderBy(asc(emailTemplates.name), asc(emailTemplates.createdAt));
}

export async function countTemplates(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(emailTemplates)
    .where(eq(emailTemplates.organizationId, organizationId));
  return row?.total ?? 0;
}

/** The template, only when it belongs to `organizationId` (another organization's id is not found). */
export async function findTemplate(
  db: Database,
  organizationId: string,
  templateId: string,
): Promise<EmailTemplateRow | null> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.organizationId, organizationId)));
  return row ?? null;
}

export async function insertTemplate(
  db: Database,
  values: { organizationId: string; name: string; status: EmailTemplateRow['status']; texts: TemplateTexts; at: Date },
): Promise<EmailTemplateRow> {
  const [row] = await db
    .insert(emailTemplates)
    .values({
      organizationId: values.organizationId,
      name: values.name,
      status: values.status,
      texts: values.texts,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  return row!;
}

export async function updateTemplate(
  db: Database,
  organizationId: string,
  templateId: string,
  changes: { name?: string; status?: EmailTemplateRow['status']; texts?: TemplateTexts; at: Date },
): Promise<EmailTemplateRow | null> {
  const { at, ...fields } = changes;
  const [row] = await db
    .update(emailTemplates)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Database, organizationId: string, templateId: string): Promise<boolean> {
  const rows = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.organizationId, organizationId)))
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

/** Who a message about `applicationId` goes to, and what its variables are filled with. */
export type MessageRecipient = {
  applicationId: string;
  uid: string | null;
  email: string;
  firstName: string;
  anonymized: boolean;
  jobId: string;
  jobTitle: string;
  organizationId: string;
  organizationName: string;
  rejectionEmails: boolean;
};

export async function findRecipient(db: Database, applicationId: string): Promise<MessageRecipient | null> {
  const [row] = await db
    .select({
      applicationId: applications.id,
      uid: applications.uid,
      email: applications.email,
      answers: applications.answers,
      anonymizedAt: applications.anonymizedAt,
      jobId: featuredJobs.id,
      jobTitle: featuredJobs.title,
      organizationId: organizations.id,
      organizationName: organizations.name,
      rejectionEmails: organizations.rejectionEmails,
    })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  const { answers, anonymizedAt, ...rest } = row;
  return { ...rest, firstName: answers.firstName, anonymized: anonymizedAt !== null };
}

export async function insertMessage(
  db: Database,
  values: Omit<ApplicationMessageRow, 'id'>,
): Promise<ApplicationMessageRow> {
  const [row] = await db.insert(applicationMessages).values(values).returning();
  return row!;
}

export async function listMessages(db: Database, applicationId: string): Promise<ApplicationMessageRow[]> {
  return db
    .select()
    .from(applicationMessages)
    .where(eq(applicationMessages.applicationId, applicationId))
    .orderBy(asc(applicationMessages.sentAt), asc(applicationMessages.id));
}
