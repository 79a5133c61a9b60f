// What My Applications shows of the tracker (loaded with that page, see lazy-parts.ts).
import '../tracker-i18n.ts';
export { AddApplicationButton } from './add-application-button.tsx';
export { ApplicationsSummary } from './applications-summary.tsx';
export { ApplyPromptSetting } from './apply-prompt-setting.tsx';
export { ExportCsvButton } from './export-csv-button.tsx';
export { TrackedApplicationCard } from './tracked-application-card.tsx';
