// The way back from a job to the board as the student left it: its filters (the query string) and how far the list
// had grown, kept for the tab (sessionStorage). The scroll position itself is restored by the router on Back.

const searchKey = 'jobs:last-search';
const windowKey = 'jobs:visible';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the way back is then the plain board.
  }
}

/** The board's address with its last filters ('/jobs?type=internship&posted=7d'). */
export function boardReturnPath(): string {
  const search = read(searchKey);
  return search ? `/jobs?${search}` : '/jobs';
}

export function rememberBoardSearch(search: string): void {
  write(searchKey, search);
}

/** How many cards the board showed for a result, so coming back renders as many and the scroll can be restored. */
export function rememberedWindow(resultKey: string): number | null {
  const raw = read(windowKey);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as { key?: unknown; count?: unknown };
    return saved.key === resultKey && typeof saved.count === 'number' && saved.count > 0 ? saved.count : null;
  } catch {
    return null;
  }
}

export function rememberWindow(resultKey: string, count: number): void {
  write(windowKey, JSON.stringify({ key: resultKey, count }));
}

/** The router state a board card's link carries, so the job page's "Back to jobs" can step back in history. */
export const fromBoardState = { from: 'board' } as const;

export function cameFromBoard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'board';
}
