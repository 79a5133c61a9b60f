import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import type { JobChoiceKey, JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { filterChips, withoutChips } from '../filter-chips.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';
import { BoardAlertAction } from './board-alert-action.tsx';
import { BoardTotalContext } from './board-result-context.ts';
import { CriteriaFilters } from './criteria-filters.tsx';
import {
  ModePostedSortSelects,
  PlaceSelects,
  SponsorshipCheckbox,
  TypeSelect,
  type FilterChoosers,
} from './filter-controls.tsx';

function ShowJobsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('jobs');
  const total = useContext(BoardTotalContext);
  return (
    <Button flex="1" minH="11" onClick={onClick} data-testid="job-filters-show">
      {total === null ? t('filters.showJobsLoading') : t('filters.showJobs', { count: total })}
    </Button>
  );
}

interface JobFilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  choices: Pick<JobFilters, JobChoiceKey>;
  facets: JobFacets;
  onChange: JobFiltersState['setFilters'];
  choose: FilterChoosers;
  currentFilters: JobFiltersState['currentFilters'];
}

/**
 * The phone's filters (issue 25, point 6): every filter in a bottom sheet. Each choice applies at once (the list
 * behind and the count follow), and "Show N jobs" closes the sheet onto that result.
 */
export function JobFilterSheet({
  open,
  onOpenChange,
  choices,
  facets,
  onChange,
  choose,
  currentFilters,
}: JobFilterSheetProps) {
  const { t } = useTranslation('jobs');
  const active = filterChips(choices).length > 0;
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="bottom"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="90dvh" data-testid="job-filter-sheet">
            <Drawer.Header pe="14">
              <Drawer.Title>{t('filters.sheetTitle')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4" pb="2">
                <TypeSelect value={choices.type} onChange={choose.type} />
                <ModePostedSortSelects choices={choices} choose={choose} />
                <PlaceSelects choices={choices} facets={facets} choose={choose} />
                <CriteriaFilters choices={choices} facets={facets} onChange={onChange} variant="sheet" />
                <SponsorshipCheckbox checked={choices.sponsorship === 'yes'} onChange={choose.sponsorship} />
                <BoardAlertAction currentFilters={currentFilters} fullWidth />
              </Stack>
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" borderColor="border.muted" gap="3">
              {active ? (
                <Button
                  variant="ghost"
                  colorPalette="gray"
                  minH="11"
                  onClick={() => onChange(withoutChips, 'choice')}
                  data-testid="job-filters-sheet-clear"
                >
                  {t('filters.clearAll')}
                </Button>
              ) : null}
              <ShowJobsButton onClick={() => onOpenChange(false)} />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label={t('filters.closeSheet')} minW="11" minH="11" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
