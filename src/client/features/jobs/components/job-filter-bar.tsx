import { Box, Button, Flex, Grid, GridItem, Stack } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSlidersHorizontal } from 'react-icons/lu';
import type { JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import { jobChoiceKeys, type JobChoiceKey, type JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { filterChips } from '../filter-chips.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';
import { BoardAlertAction } from './board-alert-action.tsx';
import { CriteriaFilters } from './criteria-filters.tsx';
import { FilterChipList } from './filter-chip-list.tsx';
import {
  ModePostedSortSelects,
  PlaceSelects,
  SearchField,
  SponsorshipCheckbox,
  TypeSelect,
  useFilterChoosers,
} from './filter-controls.tsx';
import { JobFilterSheet } from './job-filter-sheet.tsx';
import { MatchProfileSwitch } from './match-profile-switch.tsx';

interface JobFilterBarProps {
  /** The filters chosen from lists (any object holding them: the bar compares only these fields). */
  choices: Pick<JobFilters, JobChoiceKey>;
  facets: JobFacets;
  searchSeed: JobFiltersState['searchSeed'];
  onChange: JobFiltersState['setFilters'];
  /** The whole search now (the typed text included), read when an alert is made of it. */
  currentFilters: JobFiltersState['currentFilters'];
}

function sameBar(a: JobFilterBarProps, b: JobFilterBarProps): boolean {
  return (
    jobChoiceKeys.every((key) => a.choices[key] === b.choices[key]) &&
    a.facets === b.facets &&
    a.searchSeed === b.searchSeed &&
    a.onChange === b.onChange &&
    a.currentFilters === b.currentFilters
  );
}

/** Desktop: every filter in view, the multi-selects as compact buttons with pop-over options. */
function DesktopFilters({ choices, facets, searchSeed, onChange, currentFilters }: JobFilterBarProps) {
  const { t } = useTranslation('jobs');
  const choose = useFilterChoosers(onChange);
  return (
    <Stack gap="3" role="search" aria-label={t('filters.label')}>
      <Grid
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))' }}
        gap="3"
        alignItems="end"
      >
        <GridItem colSpan={{ base: 2, lg: 1 }}>
          <SearchField seed={searchSeed} onChange={onChange} />
        </GridItem>
        <TypeSelect value={choices.type} onChange={choose.type} />
        <ModePostedSortSelects choices={choices} choose={choose} />
      </Grid>
      <Grid
        templateColumns={{ base: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }}
        gap="3"
        alignItems="end"
      >
        <CriteriaFilters choices={choices} facets={facets} onChange={onChange} variant="bar" />
        <PlaceSelects choices={choices} facets={facets} choose={choose} />
      </Grid>
      <Flex gap="6" align="center" wrap="wrap">
        <SponsorshipCheckbox checked={choices.sponsorship === 'yes'} onChange={choose.sponsorship} />
        <MatchProfileSwitch choices={choices} onChange={onChange} />
        <Box ms="auto">
          <BoardAlertAction currentFilters={currentFilters} />
        </Box>
      </Flex>
      <FilterChipList choices={choices} onChange={onChange} />
    </Stack>
  );
}

/**
 * Phone (issue 25, point 6): the search box and one "Filters (N)" button opening a sheet with every filter, the
 * active filters as chips under them, so the first job is on the first screen.
 */
function PhoneFilters({ choices, facets, searchSeed, onChange, currentFilters }: JobFilterBarProps) {
  const { t } = useTranslation('jobs');
  const choose = useFilterChoosers(onChange);
  const [open, setOpen] = useState(false);
  const count = filterChips(choices).length;
  return (
    <Stack gap="2" role="search" aria-label={t('filters.label')}>
      <SearchField seed={searchSeed} onChange={onChange} />
      <Flex gap="3" align="center" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          minH="11"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          data-testid="job-filters-open"
          data-count={count}
        >
          <LuSlidersHorizontal aria-hidden />
          {count > 0 ? t('filters.openWithCount', { count }) : t('filters.open')}
        </Button>
        <MatchProfileSwitch choices={choices} onChange={onChange} />
      </Flex>
      <FilterChipList choices={choices} onChange={onChange} />
      <JobFilterSheet
        open={open}
        onOpenChange={setOpen}
        choices={choices}
        facets={facets}
        onChange={onChange}
        choose={choose}
        currentFilters={currentFilters}
      />
    </Stack>
  );
}

/**
 * The board's filters (spec section 5 and issue 25): text search, type, work mode, posted within, order, role
 * family, term, degree, places, visa sponsorship, and "Match my profile". A desktop keeps them all in a bar; a
 * phone shows the search and a sheet. Nothing here depends on the search text or the result's count (the two
 * controls that do read board-result-context.ts), so typing does not re-render it.
 */
export const JobFilterBar = memo(function JobFilterBar(props: JobFilterBarProps) {
  return usePhoneLayout() ? <PhoneFilters {...props} /> : <DesktopFilters {...props} />;
}, sameBar);
