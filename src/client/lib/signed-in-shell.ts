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

// ------------------------------------------------------------------------------------------ the shell's job cards
// On a repeat visit the shell also shows the first job cards the app last showed this student (decision record 017),
// so the board is on screen before the app has started; the app's list takes that picture over, inert, until its own
// cards are ready, so the cards never give way to skeletons in between.

/** The lists whose first cards the shell can show: the board (/jobs) and the dashboard's. */
export type ShellCardListKey = 'board' | 'dashboard';

/** The first cards of a list as the app last rendered them (markup without test ids), and its count line. */
export type ShellCardList = { items: string; count: string; savedAt: number };

export type SignedInShellCards = {
  uid: string;
  locale: string;
  /** The list element's class: a picture from another build's styles is not shown. */
  listClass: string;
  lists: Partial<Record<ShellCardListKey, ShellCardList>>;
};

export const signedInShellCardsKey = 'signed-in-shell-cards';
/** How many cards the picture keeps: more than a tall screen shows, in one column or two. */
export const shellCardCount = 8;
/** A picture older than this is not shown ("Posted 2 days ago" would be wrong by more than a day or two). */
export const shellCardsMaxAgeMs = 2 * 24 * 60 * 60 * 1000;

function readStoredShellCards(): SignedInShellCards | null {
  try {
    return JSON.parse(localStorage.getItem(signedInShellCardsKey) ?? 'null') as SignedInShellCards | null;
  } catch {
    return null;
  }
}

/**
 * The cards the shell on screen shows for a list (its script filled them only for this student, this language and
 * this build's list styles), with its count line; null when it shows none. Read by the app's list while it loads.
 */
export function shellCardsOnScreen(key: ShellCardListKey): { items: string; count: string } | null {
  if (typeof document === 'undefined') return null;
  const frame = document.querySelector(`#${signedInShellId} [data-shell-cards="${key}"][data-shell-filled]`);
  if (!frame) return null;
  const count = document.querySelector(`#${signedInShellId} [data-shell-count="${key}"]`)?.textContent ?? '';
  return { items: frame.innerHTML, count };
}

/** Keeps the first cards of a list for the shell's next picture. Storage errors are ignored (no picture next time). */
export function rememberShellCards(
  uid: string,
  key: ShellCardListKey,
  picture: { locale: string; listClass: string; items: string; count: string },
): void {
  try {
    const stored = readStoredShellCards();
    const same = stored?.uid === uid && stored.locale === picture.locale && stored.listClass === picture.listClass;
    const previous = same ? stored.lists[key] : undefined;
    if (previous && previous.items === picture.items && previous.count === picture.count) return;
    const next: SignedInShellCards = {
      uid,
      locale: picture.locale,
      listClass: picture.listClass,
      lists: {
        ...(same ? stored.lists : {}),
        [key]: { items: picture.items, count: picture.count, savedAt: Date.now() },
      },
    };
    localStorage.setItem(signedInShellCardsKey, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the shell shows its skeletons next time.
  }
}

/** The markup of a list's first cards for the shell: test ids go (the shell is a picture, never a second list). */
export function shellCardsMarkup(list: Element, count: number = shellCardCount): string {
  return Array.from(list.children)
    .slice(0, count)
    .map((item) => {
      const copy = item.cloneNode(true) as Element;
      for (const element of [copy, ...Array.from(copy.querySelectorAll('[data-testid],[id]'))]) {
        element.removeAttribute('data-testid');
        element.removeAttribute('id');
      }
      return copy.outerHTML;
    })
    .join('');
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
    localStorage.removeItem(signedInShellCardsKey);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
