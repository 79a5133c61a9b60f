import type { Database } from '../../db/client.ts';
import type { UnsubscribeSubject } from '../../mail/unsubscribe-token.ts';
import type { UnsubscribeKind } from '../unsubscribe/index.ts';
import { alertsForUnsubscribe, pauseAlerts, resumeAlerts } from './digests.repository.ts';

// The unsubscribe links of digests: kind 'alerts', the value the ids of the alerts the e-mail (or its section) is
// about. Unsubscribing pauses them (e-mail and push alike), as "Pause" on the alerts page does; Resume undoes it.

/** At most 10 alerts per student (the alerts API's limit), so a digest names at most 10. */
const maxAlertsPerLink = 10;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function alertsUnsubscribeSubject(alertIds: readonly string[]): UnsubscribeSubject {
  return { kind: 'alerts', value: alertIds.join(',') };
}

function idsOf(value: string): string[] {
  return value.split(',');
}

function namesOf(names: readonly string[], locale: 'en' | 'fr'): string {
  const quoted = names.map((name) => (locale === 'fr' ? `«\u00a0${name}\u00a0»` : `“${name}”`));
  if (quoted.length <= 1) return quoted.join('');
  const and = locale === 'fr' ? ' et ' : ' and ';
  return `${quoted.slice(0, -1).join(', ')}${and}${quoted.at(-1)}`;
}

export function alertsUnsubscribeKind(db: Database, manageAlertsPath: string): UnsubscribeKind {
  return {
    kind: 'alerts',
    managePath: manageAlertsPath,
    isValidValue(value) {
      const ids = idsOf(value);
      return ids.length >= 1 && ids.length <= maxAlertsPerLink && ids.every((id) => uuidPattern.test(id));
    },
    async find(value) {
      const found = await alertsForUnsubscribe(db, idsOf(value));
      if (found.length === 0) return null;
      return {
        names: found.map((alert) => alert.name),
        active: found.some((alert) => !alert.paused),
        locale: found[0]!.locale,
      };
    },
    async stop(value, at) {
      await pauseAlerts(db, idsOf(value), at);
    },
    async resume(value, at) {
      await resumeAlerts(db, idsOf(value), at);
    },
    texts: {
      en: {
        confirmTitle: (names) => (names.length > 1 ? 'Pause these alerts?' : 'Pause this alert?'),
        confirmBody: (names) =>
          `You will stop getting e-mails and notifications for ${namesOf(names, 'en')}. ` +
          'You can resume at any time.',
        stopButton: 'Pause',
        stoppedTitle: 'Paused',
        stoppedBody: (names) => `You will no longer get e-mails or notifications for ${namesOf(names, 'en')}.`,
        resumeButton: 'Resume',
        resumedTitle: 'Resumed',
        resumedBody: (names) => `You will get digests for ${namesOf(names, 'en')} again.`,
        manageLink: 'Manage alerts',
      },
      fr: {
        confirmTitle: (names) =>
          names.length > 1 ? 'Mettre ces alertes en pause\u00a0?' : 'Mettre cette alerte en pause\u00a0?',
        confirmBody: (names) =>
          `Vous ne recevrez plus de courriels ni de notifications pour ${namesOf(names, 'fr')}. ` +
          'Vous pourrez les réactiver à tout moment.',
        stopButton: 'Mettre en pause',
        stoppedTitle: 'En pause',
        stoppedBody: (names) => `Vous ne recevrez plus de courriels ni de notifications pour ${namesOf(names, 'fr')}.`,
        resumeButton: 'Réactiver',
        resumedTitle: 'Réactivée',
        resumedBody: (names) => `Vous recevrez de nouveau les résumés pour ${namesOf(names, 'fr')}.`,
        manageLink: 'Gérer les alertes',
      },
    },
  };
}
