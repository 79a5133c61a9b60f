// The signed-in shell (decision record 016): on a first visit, before any script has run, /dashboard and /jobs answer
// a picture of the page rendered at build time (layout, headings, skeletons) with the returning student's name filled
// in from this browser's storage. The app renders the real page hidden beside it and swaps it in, in one frame, once
// the page itself (not a loading spinner) has committed.

/** Stand-in texts the build renders for the student and swaps for fill-in slots (`data-shell-fill`). */
export const signedInShellMarkers = {
  name: 'Xqshellname Zqshellname',
  initials: 'XZ',
  email: 'xqshellemail@shell.invalid',
} as const;

/** What the shell fills in, as the app last showed it for this student (their profile may name them). */
export type SignedInShellText = { uid: string; greeting: string; name: string; initials: string; email: string };

export const signedInShellTextKey = 'signed-in-shell-text';
export const signedInShellId = 'signed-in-shell';
/** Set on <html> while the shell is on screen; the app's own #root stays invisible until then. */
export const signedInShellAttribute = 'data-signed-in-shell';

/** Removes the shell and shows the app's render, in the same frame. Safe to call at any time, any number of times. */
export function releaseSignedInShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(signedInShellId)?.remove();
  document.documentElement.removeAttribute(signedInShellAttribute);
}

/** What the app last showed this student (for the shell, and for the app itself until their profile is read). */
export function readSignedInShellText(uid: string): SignedInShellText | null {
  try {
    const stored = JSON.parse(localStorage.getItem(signedInShellTextKey) ?? 'null') as SignedInShellText | null;
    return stored?.uid === uid ? stored : null;
  } catch {
    return null;
  }
}

/** Keeps the texts the shell should show this student next time (merged with what is stored). */
export function rememberSignedInShellText(uid: string, text: Partial<Omit<SignedInShellText, 'uid'>>): void {
  try {
    const stored = readSignedInShellText(uid);
    const next = { ...(stored ?? { uid, greeting: '', name: '', initials: '', email: '' }), ...text };
    if (JSON.stringify(next) !== JSON.stringify(stored))
      localStorage.setItem(signedInShellTextKey, JSON.stringify(next));
  } catch {
    // Storage disabled: the shell falls back to the stored account's name.
  }
}

/** On sign-out: nothing of this student stays for the next one. */
export function forgetSignedInShellText(): void {
  try {
    localStorage.removeItem(signedInShellTextKey);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
