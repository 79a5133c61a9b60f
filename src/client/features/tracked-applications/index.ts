export { noteListingOpened } from './apply-prompt-store.ts';
export { ApplyPromptHost } from './components/apply-prompt-host.tsx';
export type { TrackedView } from './db/tracked-applications-repository.ts';
export { useTrackedApplicationViews } from './hooks/use-tracked-application-views.ts';
export { useTrackedApplications } from './hooks/use-tracked-applications.ts';
export {
  AddApplicationButton,
  ApplicationsSummary,
  ApplyPromptSetting,
  ExportCsvButton,
  preloadMyApplicationsParts,
  TrackedApplicationCard,
} from './lazy-parts.ts';
