/**
 * How many jobs the list shows (spec section 4): 20 first, 20 more per scroll step, back to 20 when the filter
 * result changes. `key` identifies the result the count belongs to (the filters).
 */
export interface VisibleWindow {
  key: string;
  count: number;
}

/** The window for the result `key`: unchanged for the same result, the first page for a new one. */
export function windowForResult(current: VisibleWindow, key: string, pageSize: number): VisibleWindow {
  return current.key === key ? current : { key, count: pageSize };
}

/** One scroll step further, never past the total (a full last page stays where it is). */
export function growWindow(current: VisibleWindow, total: number, pageSize: number): VisibleWindow {
  if (current.count >= total) return current;
  return { key: current.key, count: Math.min(total, current.count + pageSize) };
}

/** The count actually rendered: the window, capped by a fixed limit (the dashboard shows 10) and the total. */
export function visibleCount(window: VisibleWindow, total: number, limit?: number): number {
  return Math.max(0, Math.min(window.count, total, limit ?? Number.POSITIVE_INFINITY));
}
