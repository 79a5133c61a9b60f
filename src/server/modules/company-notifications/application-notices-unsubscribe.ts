import type { ApplicationNotificationChoice } from '../../../shared/company/application-notifications.ts';
import type { Database } from '../../db/client.ts';
import type { UnsubscribeKind } from '../unsubscribe/index.ts';
import { notificationSettingsPath } from './application-notice-mails.ts';
import { memberForUnsubscribe, setMemberNotificationChoice } from './company-notifications.repository.ts';
import { unsubscribeKindName } from './company-notifications.service.ts';

// The unsubscribe links of the company notices: kind 'application-notices', the value `{organization}:{uid}:{choice}`
// (the member, and what the e-mail was: 'each' or 'daily'). Unsubscribing sets the member's choice for that
// organization to 'none', as the portal's settings do; Resume sets back the choice the e-mail came from.

const valuePattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([A-Za-z0-9_-]{1,128}):(each|daily)$/;

function parse(value: string): { organizationId: string; uid: string; choice: ApplicationNotificationChoice } | null {
  const match = valuePattern.exec(value);
  return match ? { organizationId: match[1]!, uid: match[2]!, choice: match[3] as 'each' | 'daily' } : null;
}

export function applicationNoticesUnsubscribeKind(db: Database): UnsubscribeKind {
  return {
    kind: unsubscribeKindName,
    managePath: notificationSettingsPath,
    isValidValue: (value) => parse(value) !== null,
    async find(value) {
      const target = parse(value);
      const member = target && (await memberForUnsubscribe(db, target.organizationId, target.uid));
      if (!member) return null;
      return { names: [member.organizationName], active: member.choice !== 'none', locale: member.locale };
    },
    async stop(value) {
      const target = parse(value);
      if (target) await setMemberNotificationChoice(db, target.organizationId, target.uid, 'none');
    },
    async resume(value) {
      const target = parse(value);
      if (target) await setMemberNotificationChoice(db, target.organizationId, target.uid, target.choice);
    },
    texts: {
      en: {
        confirmTitle: () => 'Stop e-mails about applications?',
        confirmBody: ([name]) =>
          `You will no longer get e-mails about new applications and withdrawals at ${name ?? ''}. ` +
          'You can turn them back on at any time in the company portal.',
        stopButton: 'Stop these e-mails',
        stoppedTitle: 'Unsubscribed',
        stoppedBody: ([name]) => `You will no longer get e-mails about applications at ${name ?? ''}.`,
        resumeButton: 'Turn them back on',
        resumedTitle: 'Turned back on',
        resumedBody: ([name]) => `You will get e-mails about applications at ${name ?? ''} again.`,
        manageLink: 'Notification settings',
      },
      fr: {
        confirmTitle: () => 'Ne plus recevoir de courriels sur les candidatures ?',
        confirmBody: ([name]) =>
          `Vous ne recevrez plus de courriels sur les nouvelles candidatures et les retraits chez ${name ?? ''}. ` +
          'Vous pourrez les réactiver à tout moment dans le portail entreprise.',
        stopButton: 'Ne plus recevoir ces courriels',
        stoppedTitle: 'Désabonnement effectué',
        stoppedBody: ([name]) => `Vous ne recevrez plus de courriels sur les candidatures chez ${name ?? ''}.`,
        resumeButton: 'Les réactiver',
        resumedTitle: 'Réactivés',
        resumedBody: ([name]) => `Vous recevrez de nouveau des courriels sur les candidatures chez ${name ?? ''}.`,
        manageLink: 'Réglages des notifications',
      },
    },
  };
}
