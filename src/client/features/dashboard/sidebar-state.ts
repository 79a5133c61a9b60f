/** Spec section 9: the sidebar remembers expanded/collapsed for 7 days in a cookie. */
export const sidebarCookieName = 'sidebar_state';
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7;

/** Under this width the sidebar becomes a sheet (spec section 9). */
export const mobileBreakpointPx = 768;

/** The header gains a shadow once the page is scrolled past this (spec section 9). */
export const headerShadowThresholdPx = 30;

export const sidebarWidth = '16rem';
export const sidebarWidthCollapsed = '3rem';
export const sidebarWidthMobile = '18rem';

/** Reads the saved state from a `document.cookie` string; anything unreadable means expanded. */
export function readSidebarExpanded(cookieString: string): boolean {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== sidebarCookieName) continue;
    return part.slice(separator + 1).trim() !== 'false';
  }
  return true;
}

/** The `document.cookie` assignment that saves the state. */
export function sidebarCookie(expanded: boolean): string {
  return `${sidebarCookieName}=${String(expanded)}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; samesite=lax`;
}

export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Ctrl+B (Cmd+B on a Mac) toggles the sidebar. */
export function isSidebarShortcut(event: ShortcutEvent): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

export function hasScrolledPastHeader(scrollY: number): boolean {
  return scrollY > headerShadowThresholdPx;
}
