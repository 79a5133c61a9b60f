import { createContext } from 'react';

/** One step after 'Dashboard' in the header's breadcrumb; the last one is the current page. */
export interface Crumb {
  label: string;
  /** Omit for the current page. */
  to?: string;
}

export interface BreadcrumbState {
  crumbs: Crumb[];
  setCrumbs: (crumbs: Crumb[]) => void;
}

/** Provided by the dashboard layout; pages fill it with useBreadcrumb(). */
export const BreadcrumbContext = createContext<BreadcrumbState | null>(null);
