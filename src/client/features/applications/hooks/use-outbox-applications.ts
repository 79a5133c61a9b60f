import { useLiveQuery } from '../../../db/use-live-query.ts';
import type { OutboxRecord } from '../../../db/records/apply-records.ts';
import { listOutbox } from '../../apply/index.ts';

/** This account's applications still in the device's outbox (queued, sending, failed), or sent ones; live. */
export function useOutboxApplications(uid: string | null): OutboxRecord[] {
  return useLiveQuery(async () => (uid ? listOutbox(uid) : []), [uid], []);
}
