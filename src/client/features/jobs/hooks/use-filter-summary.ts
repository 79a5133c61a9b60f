import { useTranslation } from 'react-i18next';
import type { JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { useChipLabel } from '../components/filter-chip-list.tsx';
import { filterChips } from '../filter-chips.ts';

/**
 * A search in words: the typed text in quotes, then each active filter as its chip says it ("“robot” · Internship ·
 * Software · Canada"), or "All jobs". How an alert is named by default and described in the alerts list.
 */
export function useFilterSummary(): (filters: JobFilters) => string {
  const { t } = useTranslation('jobs');
  const label = useChipLabel();
  return (filters) => {
    const parts = filterChips(filters).map(label);
    const q = filters.q?.trim();
    if (q) parts.unshift(t('alerts.quoted', { text: q }));
    return parts.length > 0 ? parts.join(' · ') : t('alerts.allJobs');
  };
}
