import { useCallback, useEffect, useState } from 'react';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from '../sidebar-state.ts';
import { prerenderView } from '../../../lib/prerender-view.ts';
import { useIsMobile } from './use-is-mobile.ts';

export interface SidebarControls {
  isMobile: boolean;
  /** Desktop: the rail is 16rem wide when expanded, 3rem (icons only) when collapsed. */
  expanded: boolean;
  /** Mobile: whether the sheet is open. */
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
  toggle: () => void;
}

/** Sidebar state: the desktop choice survives reloads through a 7-day cookie; Ctrl/Cmd+B toggles. */
export function useSidebar(): SidebarControls {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() =>
    typeof document === 'undefined' ? prerenderView().sidebarExpanded : readSidebarExpanded(document.cookie),
  );
  const [sheetOpen, setSheetOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetOpen((open) => !open);
      return;
    }
    const next = !expanded;
    setExpanded(next);
    document.cookie = sidebarCookie(next);
  }, [expanded, isMobile]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      // Ctrl+B is also "bold" in some browsers' editable fields; the app's shortcut wins everywhere.
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, expanded, sheetOpen: isMobile && sheetOpen, setSheetOpen, toggle };
}
