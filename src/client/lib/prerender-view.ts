// What a page rendered at build time cannot ask the browser (the viewport, cookies): the build sets it per variant of
// the signed-in shell it renders (prerender.tsx, decision record 016). In the browser these are never read outside
// hydration, and the signed-in shell is never hydrated.

import type { Crumb } from './breadcrumb/breadcrumb-context.ts';

export type PrerenderView = {
  /** Below the 768 px breakpoint: the sidebar is a sheet. */
  mobile: boolean;
  /** The desktop sidebar's remembered state (its cookie). */
  sidebarExpanded: boolean;
  /** A signed-in shell is rendered: job lists add an empty frame the shell's script fills with the last cards shown. */
  shell?: boolean;
  /**
   * The header's breadcrumb. A page declares it in an effect, which never runs at build time: the build renders once
   * to collect what the page declares (`recordPrerenderCrumbs`), then renders the shell with it.
   */
  crumbs?: Crumb[];
};

let view: PrerenderView = { mobile: false, sidebarExpanded: true };

export function setPrerenderView(next: PrerenderView): void {
  view = next;
}

export function prerenderView(): PrerenderView {
  return view;
}

let recordedCrumbs: Crumb[] = [];

/** Build time only: what the page rendered last declared for the breadcrumb. */
export function recordPrerenderCrumbs(crumbs: Crumb[]): void {
  recordedCrumbs = crumbs;
}

export function takeRecordedCrumbs(): Crumb[] {
  const crumbs = recordedCrumbs;
  recordedCrumbs = [];
  return crumbs;
}
