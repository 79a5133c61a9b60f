import { useEffect } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { retainOutboxRunner } from '../outbox/outbox-runner.ts';

/** Keeps the outbox of the signed-in account moving while this component is mounted (the signed-in app's shells). */
export function useOutboxRunner(): void {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  useEffect(() => (uid ? retainOutboxRunner(uid) : undefined), [uid]);
}
