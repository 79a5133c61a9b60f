import { useTranslation } from 'react-i18next';
import { CreateAlertButton } from '../../alerts/index.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';
import { useFilterSummary } from '../hooks/use-filter-summary.ts';

/** "Get alerts for this search" on the board: the search as it is when clicked, named in words. */
export function BoardAlertAction({
  currentFilters,
  fullWidth = false,
}: {
  currentFilters: JobFiltersState['currentFilters'];
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('jobs');
  const summarize = useFilterSummary();
  return (
    <CreateAlertButton
      label={t('alerts.create')}
      fullWidth={fullWidth}
      getSearch={() => {
        const filters = currentFilters();
        return { filters, summary: summarize(filters) };
      }}
    />
  );
}
