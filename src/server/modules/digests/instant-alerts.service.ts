import { storedAlertFilters } from '../../../shared/alerts/alerts-api.ts';
import { filtersToSearchParams } from '../../../shared/jobs/job-filters-schema.ts';
import type { Database } from '../../db/client.ts';
import { mailLocaleOf } from '../../mail/mail-layout.ts';
import type { ScheduledTask, TaskRun } from '../../scheduler/scheduler.ts';
import { newJobsOfAlert } from '../alerts/index.ts';
import { dismissedJobIds } from '../dismissed-jobs/index.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { digestPush } from './digest-mail.ts';
import { instantAlerts, type PreparedInstantPush, recordInstantPushes } from './digests.repository.ts';
import { settleMs } from './digests.service.ts';

// Instant alerts (at most 3 per student, push only): every minute the `instant-alerts` task pushes, per alert, the jobs
// that entered the board since its last push and match it (newJobsOfAlert, as the digest and the alerts page count
// them), as one notification that opens the search on the board. A job counts once it has been on the board for the
// settling margin (digests.service.ts), so a push comes a few minutes after the job, never twice: the unit
// `instant:{alert}:{since}` is recorded with the push and the alert's new `last_instant_at` in one transaction.

export const instantAlertTaskName = 'instant-alerts';

export type InstantAlertService = {
  run(round: Pick<TaskRun, 'now'>): Promise<{ pushes: number }>;
};

export function createInstantAlertService({
  db,
  log,
  boardIndex,
  manageAlertsPath,
  onPushQueued,
}: {
  db: Database;
  log: { info(details: object, message: string): void };
  boardIndex: Pick<BoardIndex, 'refresh' | 'view'>;
  manageAlertsPath: string;
  onPushQueued?: () => void;
}): InstantAlertService {
  return {
    async run({ now }) {
      const alerts = await instantAlerts(db);
      if (alerts.length === 0) return { pushes: 0 };
      const upTo = new Date(now.getTime() - settleMs);
      await boardIndex.refresh();
      const view = boardIndex.view();
      const dismissedOf = new Map<string, Promise<Set<string>>>();
      const prepared: PreparedInstantPush[] = [];
      for (const alert of alerts) {
        if (alert.since.getTime() >= upTo.getTime()) continue;
        const candidates = newJobsOfAlert(view, {
          filters: alert.filters,
          lastDigestAt: alert.since,
          createdAt: alert.since,
        });
        if (!candidates.cards.some((card) => card.enteredAt <= upTo.getTime())) continue;
        let dismissed = dismissedOf.get(alert.uid);
        if (dismissed === undefined) dismissedOf.set(alert.uid, (dismissed = dismissedJobIds(db, alert.uid)));
        const { cards } = newJobsOfAlert(
          view,
          { filters: alert.filters, lastDigestAt: alert.since, createdAt: alert.since },
          { excludeJobIds: await dismissed },
        );
        const fresh = cards.filter((card) => card.enteredAt <= upTo.getTime());
        if (fresh.length === 0) continue;
        const query = filtersToSearchParams(storedAlertFilters(alert.filters)).toString();
        prepared.push({
          runId: `instant:${alert.id}:${alert.since.toISOString()}`,
          alertId: alert.id,
          uid: alert.uid,
          itemCount: fresh.length,
          push: digestPush(
            mailLocaleOf(alert.locale),
            [
              {
                alertName: alert.name,
                jobs: fresh.slice(0, 1).map((card) => card.job),
                more: fresh.length - 1,
                boardPath: query ? `/jobs?${query}` : '/jobs',
              },
            ],
            // A newer push of the same alert replaces the one still shown.
            `alert-${alert.id}`,
            manageAlertsPath,
          ),
        });
      }
      const written = await recordInstantPushes(db, prepared, upTo);
      if (written.length > 0) {
        onPushQueued?.();
        log.info({ task: instantAlertTaskName, pushes: written.length }, 'instant alert pushes queued');
      }
      return { pushes: written.length };
    },
  };
}

export function instantAlertTask(service: InstantAlertService): ScheduledTask {
  return { name: instantAlertTaskName, everyMs: 60_000, leaseMs: 2 * 60_000, run: (round) => service.run(round) };
}
