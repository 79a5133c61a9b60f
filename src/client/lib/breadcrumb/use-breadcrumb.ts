import { startTransition, useContext, useEffect } from 'react';
import { recordPrerenderCrumbs } from '../prerender-view.ts';
import { BreadcrumbContext, type Crumb } from './breadcrumb-context.ts';

export type { Crumb } from './breadcrumb-context.ts';

/**
 * Declares the page's place under 'Dashboard' in the header breadcrumb, e.g.
 * `useBreadcrumb([{ label: t('breadcrumb.jobs'), to: '/jobs' }, { label: job.title }])`.
 * Pass `[]` on the dashboard itself. Labels are already translated.
 */
export function useBreadcrumb(crumbs: Crumb[]): void {
  const context = useContext(BreadcrumbContext);
  if (!context) throw new Error('useBreadcrumb must be used inside the dashboard layout');
  const { setCrumbs } = context;
  // Callers pass a fresh array on every render; compare by content so the effect runs only on a real change.
  const key = JSON.stringify(crumbs);
  if (typeof window === 'undefined') recordPrerenderCrumbs(crumbs);
  useEffect(() => {
    // The trail re-renders the whole layout (header, sidebar): as a transition, in slices, never one long block.
    startTransition(() => setCrumbs(JSON.parse(key) as Crumb[]));
    return () => startTransition(() => setCrumbs([]));
  }, [key, setCrumbs]);
}

/** The trail the layout renders after 'Dashboard'. */
export function useBreadcrumbTrail(): Crumb[] {
  return useContext(BreadcrumbContext)?.crumbs ?? [];
}
