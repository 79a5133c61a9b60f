import {
  type Alert,
  type AlertChannel,
  instantAllowed,
  instantNeedsPushMessage,
  maxAlertsPerStudent,
  maxInstantAlertsPerStudent,
  storedAlertFilters,
} from '../../../shared/alerts/alerts-api.ts';
import type { Database } from '../../db/client.ts';
import type { AlertRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { dismissedJobIds } from '../dismissed-jobs/index.ts';
import type { BoardView, NewCards, NewCardsOptions } from '../jobs/index.ts';
import {
  type AlertChanges,
  type AlertLimitReached,
  type AlertLimits,
  deleteAlert,
  insertAlert,
  listAlertRows,
  type NewAlert,
  updateAlert,
} from './alerts.repository.ts';

export const alertLimits: AlertLimits = { alerts: maxAlertsPerStudent, instant: maxInstantAlertsPerStudent };

/** Jobs are new for an alert when they entered the board after its last digest, or after it was made. */
export function alertNewSince(alert: Pick<AlertRow, 'lastDigestAt' | 'createdAt'>): Date {
  return alert.lastDigestAt ?? alert.createdAt;
}

/**
 * The jobs new for `alert` since `since` (default: its last digest, else its creation) on the board `view`, by the
 * board's own matching rule, newest first: what "N new since last digest" counts and what a digest sends. Pass the
 * student's dismissed jobs as `excludeJobIds` (dismissedJobIds) so that a job they hid never comes back by alert.
 */
export function newJobsOfAlert(
  view: BoardView,
  alert: Pick<AlertRow, 'filters' | 'lastDigestAt' | 'createdAt'>,
  options: NewCardsOptions & { since?: Date } = {},
): NewCards {
  const { since = alertNewSince(alert), ...rest } = options;
  return view.newCards(storedAlertFilters(alert.filters), since.getTime(), rest);
}

export function toAlert(row: AlertRow, newCount: number): Alert {
  return {
    id: row.id,
    name: row.name,
    filters: storedAlertFilters(row.filters),
    frequency: row.frequency,
    channels: row.channels as AlertChannel[],
    instant: row.instant,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    lastDigestAt: row.lastDigestAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    newCount,
  };
}

function refuseLimit({ limitReached }: AlertLimitReached): never {
  throw limitReached === 'alerts'
    ? new HttpError(409, 'alert_limit_reached')
    : new HttpError(409, 'instant_alert_limit_reached');
}

function isLimitReached(value: object): value is AlertLimitReached {
  return 'limitReached' in value;
}

export type AlertsService = {
  list(uid: string): Promise<Alert[]>;
  create(uid: string, alert: NewAlert): Promise<Alert>;
  update(uid: string, id: string, changes: AlertChanges): Promise<Alert>;
  remove(uid: string, id: string): Promise<void>;
};

/** The alerts of one student at a time, their counts read from the board this instance serves. */
export function createAlertsService({ db, board }: { db: Database; board: () => BoardView }): AlertsService {
  async function withCounts(uid: string, rows: AlertRow[]): Promise<Alert[]> {
    if (rows.length === 0) return [];
    const view = board();
    const excludeJobIds = await dismissedJobIds(db, uid);
    return rows.map((row) => toAlert(row, newJobsOfAlert(view, row, { excludeJobIds, limit: 0 }).total));
  }

  async function one(uid: string, row: AlertRow): Promise<Alert> {
    return (await withCounts(uid, [row]))[0]!;
  }

  return {
    async list(uid) {
      return withCounts(uid, await listAlertRows(db, uid));
    },
    async create(uid, alert) {
      const saved = await insertAlert(db, uid, alert, alertLimits);
      if (isLimitReached(saved)) refuseLimit(saved);
      return one(uid, saved);
    },
    async update(uid, id, changes) {
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as AlertChanges;
      const updated = await updateAlert(db, uid, id, defined, alertLimits, (merged) => {
        // Checked on the alert as it would be: turning push off an instant alert is refused like the reverse.
        if (merged.instant && !instantAllowed(merged.channels as AlertChannel[])) {
          throw new HttpError(400, 'invalid_request', instantNeedsPushMessage);
        }
      });
      if (updated === null) throw new HttpError(404, 'alert_not_found');
      if (isLimitReached(updated)) refuseLimit(updated);
      return one(uid, updated);
    },
    async remove(uid, id) {
      if (!(await deleteAlert(db, uid, id))) throw new HttpError(404, 'alert_not_found');
    },
  };
}
