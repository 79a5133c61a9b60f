import type { MailMessage } from './mailer.ts';

// The confirmation a student gets after submitting an application (plain text: it reads well everywhere and
// carries nothing a mail client could run).

export type ApplicationConfirmation = {
  to: string;
  firstName: string;
  jobTitle: string;
  organizationName: string | null;
  submittedAt: Date;
  /** The app's origin, for the link to My Applications. */
  appUrl: string;
};

export function applicationConfirmationMail({
  to,
  firstName,
  jobTitle,
  organizationName,
  submittedAt,
  appUrl,
}: ApplicationConfirmation): MailMessage {
  const where = organizationName ? `${jobTitle} at ${organizationName}` : jobTitle;
  const when = submittedAt.toUTCString();
  return {
    to,
    subject: `Application received: ${where}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Thank you for applying for ${where}. Your application was received on ${when}.`,
      '',
      `You can find every job you applied to in My Applications: ${appUrl}/jobs/applied`,
      '',
      'Good luck!',
      'Campus Jobs',
      '',
    ].join('\n'),
  };
}
