import type { ApplicationStatus } from '../../shared/company/application-status.ts';
import type { MailMessage } from './mailer.ts';

// The company portal's e-mails (plain text, like the application confirmation): a status change to the student,
// an invitation to join an organization, an invitation to apply to a job.

export const statusLabels: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export function statusChangeMail({
  to,
  firstName,
  jobTitle,
  organizationName,
  status,
  appUrl,
}: {
  to: string;
  firstName: string;
  jobTitle: string;
  organizationName: string;
  status: ApplicationStatus;
  appUrl: string;
}): MailMessage {
  const where = `${jobTitle} at ${organizationName}`;
  return {
    to,
    subject: `Your application for ${where}: ${statusLabels[status]}`,
    text: [
      `Hi ${firstName},`,
      '',
      `The status of your application for ${where} is now: ${statusLabels[status]}.`,
      '',
      `See all your applications in My Applications: ${appUrl}/jobs/applied`,
      '',
      'Campus Jobs',
      '',
    ].join('\n'),
  };
}

export function memberInvitationMail({
  to,
  organizationName,
  role,
  link,
  expiresAt,
}: {
  to: string;
  organizationName: string;
  role: 'owner' | 'member';
  link: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to,
    subject: `You are invited to join ${organizationName} on Campus Jobs`,
    text: [
      'Hello,',
      '',
      `You are invited to join ${organizationName} as ${role === 'owner' ? 'an owner' : 'a member'} in the Campus Jobs company portal.`,
      `Sign in with this e-mail address (${to}) and open this link to accept:`,
      link,
      '',
      `The link works once, until ${expiresAt.toUTCString()}.`,
      '',
      'Campus Jobs',
      '',
    ].join('\n'),
  };
}

export function applicantInvitationMail({
  to,
  firstName,
  jobTitle,
  organizationName,
  link,
  expiresAt,
}: {
  to: string;
  firstName: string | null;
  jobTitle: string;
  organizationName: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to,
    subject: `${organizationName} invites you to apply: ${jobTitle}`,
    text: [
      firstName ? `Hi ${firstName},` : 'Hello,',
      '',
      `${organizationName} invites you to apply for ${jobTitle} on Campus Jobs.`,
      `Sign in with this e-mail address (${to}) and apply here:`,
      link,
      '',
      `The invitation is valid until ${expiresAt.toUTCString()}.`,
      '',
      'Campus Jobs',
      '',
    ].join('\n'),
  };
}
