import { describe, expect, it } from 'vitest';
import {
  hasScrolledPastHeader,
  isSidebarShortcut,
  readSidebarExpanded,
  sidebarCookie,
  sidebarCookieMaxAgeSeconds,
} from './sidebar-state.ts';

describe('readSidebarExpanded', () => {
  it('is expanded when no cookie was saved', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('locale=fr')).toBe(true);
  });

  it('reads a saved collapsed state among other cookies', () => {
    expect(readSidebarExpanded('locale=fr; sidebar_state=false; other=1')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true')).toBe(true);
  });

  it('does not confuse a cookie whose name merely ends the same way', () => {
    expect(readSidebarExpanded('old_sidebar_state=false')).toBe(true);
  });

  it('treats a garbled value as expanded', () => {
    expect(readSidebarExpanded('sidebar_state=')).toBe(true);
    expect(readSidebarExpanded('sidebar_state')).toBe(true);
  });
});

describe('sidebarCookie', () => {
  it('lasts 7 days (604800 s) for the whole site', () => {
    expect(sidebarCookieMaxAgeSeconds).toBe(604_800);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
    expect(sidebarCookie(true)).toContain('sidebar_state=true;');
  });

  it('round-trips through the reader', () => {
    const saved = (expanded: boolean) => sidebarCookie(expanded).split(';')[0] ?? '';
    expect(readSidebarExpanded(saved(false))).toBe(false);
    expect(readSidebarExpanded(saved(true))).toBe(true);
  });
});

describe('isSidebarShortcut', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('accepts Ctrl+B and Cmd+B', () => {
    expect(isSidebarShortcut(press('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(press('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(press('B', { ctrlKey: true }))).toBe(true);
  });

  it('ignores plain B and other combinations', () => {
    expect(isSidebarShortcut(press('b'))).toBe(false);
    expect(isSidebarShortcut(press('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(press('b', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(press('n', { ctrlKey: true }))).toBe(false);
  });
});

describe('hasScrolledPastHeader', () => {
  it('turns on strictly after 30 px', () => {
    expect(hasScrolledPastHeader(0)).toBe(false);
    expect(hasScrolledPastHeader(30)).toBe(false);
    expect(hasScrolledPastHeader(31)).toBe(true);
  });
});
