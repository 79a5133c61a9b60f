import { lazy } from 'react';

// My Applications' parts of the tracker (its dialogs, forms and summary) are a chunk of their own: the board and the
// signed-in layout import this feature for a few small pieces (the board marks, the "Did you apply?" watcher), and a
// static import here would put all of it in their first load. The weekly chart is lazier still (the summary loads it).
const parts = () => import('./components/my-applications-parts.ts');

/** Starts loading My Applications' parts before they render (the page calls it as it loads). */
export function preloadMyApplicationsParts(): void {
  void parts();
}

export const AddApplicationButton = lazy(() => parts().then((m) => ({ default: m.AddApplicationButton })));
export const ApplicationsSummary = lazy(() => parts().then((m) => ({ default: m.ApplicationsSummary })));
export const ApplyPromptSetting = lazy(() => parts().then((m) => ({ default: m.ApplyPromptSetting })));
export const ExportCsvButton = lazy(() => parts().then((m) => ({ default: m.ExportCsvButton })));
export const TrackedApplicationCard = lazy(() => parts().then((m) => ({ default: m.TrackedApplicationCard })));
