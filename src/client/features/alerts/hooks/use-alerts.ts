import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Alert, AlertsResponse, UpdateAlertRequest } from '../../../../shared/alerts/alerts-api.ts';
import { deleteAlert, listAlerts, updateAlert } from '../api/alerts-api.ts';

export type AlertsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; alerts: Alert[]; limits: AlertsResponse['limits'] };

export type AlertsController = {
  state: AlertsState;
  reload: () => void;
  /** Saves a change and shows the alert as the server answers it; rejects (and changes nothing shown) on failure. */
  update: (id: string, changes: UpdateAlertRequest) => Promise<Alert>;
  remove: (id: string) => Promise<void>;
};

/** The student's alerts from GET /api/alerts, with the changes made on this page applied as the server confirms them. */
export function useAlerts(): AlertsController {
  const [state, setState] = useState<AlertsState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listAlerts(controller.signal)
      .then(({ alerts, limits }) => startTransition(() => setState({ status: 'ready', alerts, limits })))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[alerts] could not load the alerts', error);
        setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [generation]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((value) => value + 1);
  }, []);

  const update = useCallback(async (id: string, changes: UpdateAlertRequest) => {
    const saved = await updateAlert(id, changes);
    setState((current) =>
      current.status === 'ready'
        ? { ...current, alerts: current.alerts.map((alert) => (alert.id === id ? saved : alert)) }
        : current,
    );
    return saved;
  }, []);

  const remove = useCallback(async (id: string) => {
    await deleteAlert(id);
    setState((current) =>
      current.status === 'ready' ? { ...current, alerts: current.alerts.filter((alert) => alert.id !== id) } : current,
    );
  }, []);

  return { state, reload, update, remove };
}
