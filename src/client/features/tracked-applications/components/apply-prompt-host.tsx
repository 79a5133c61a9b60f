import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import {
  applyPromptEnabled,
  forgetOpenedListing,
  type OpenedListing,
  openedListing,
  snoozedToday,
} from '../apply-prompt-store.ts';

// The prompt itself (its buttons, the tracker's sync, "Not interested") loads only when there is something to ask:
// the signed-in layout carries this watcher, a few lines of code, on every page.
const ApplyPrompt = lazy(() => import('./apply-prompt.tsx'));

const forgetAfterMs = 3 * 86_400_000;

/**
 * Asks "Did you apply?" when the student comes back to the app (the tab is shown or focused again, or the app is
 * opened) after opening a listing's apply link. One question at a time: only the last listing opened is asked about,
 * by the one prompt of the signed-in layout (a listing opened while it was on screen takes its place).
 */
export function ApplyPromptHost() {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const [asking, setAsking] = useState<OpenedListing | null>(null);

  const check = useCallback(() => {
    if (!uid || document.visibilityState !== 'visible' || !applyPromptEnabled()) return;
    const opened = openedListing(uid);
    if (!opened) return;
    // A listing opened days ago is not a question about coming back any more.
    if (Date.now() - opened.openedAt > forgetAfterMs) {
      forgetOpenedListing(uid);
      return;
    }
    if (snoozedToday(uid, opened.job.id)) return;
    // Still one question: about the listing opened last.
    setAsking((current) => (current?.job.id === opened.job.id ? current : opened));
  }, [uid]);

  useEffect(() => {
    // Opening the app counts as coming back (asked just after this render, not during it).
    void Promise.resolve().then(check);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  const close = useCallback(() => setAsking(null), []);
  if (!asking || !uid) return null;
  return (
    <Suspense fallback={null}>
      <ApplyPrompt uid={uid} opened={asking} onClose={close} />
    </Suspense>
  );
}
