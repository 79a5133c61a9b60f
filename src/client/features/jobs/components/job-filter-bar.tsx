import {
  Code,
  Field,
  Grid,
  GridItem,
  IconButton,
  Input,
  InputGroup,
  List,
  NativeSelect,
  Popover,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { memo, useCallback, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp, LuSearch } from 'react-icons/lu';
import { workModes, type WorkMode } from '../../../../shared/jobs/board-place.ts';
import type { FacetValue, JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import {
  jobChoiceKeys,
  jobSortValues,
  withCountry,
  withState,
  type JobChoiceKey,
  type JobFilters,
  type JobSort,
} from '../../../../shared/jobs/job-filters-schema.ts';
import { maxSearchPatternLength } from '../../../../shared/jobs/job-search.ts';
import { jobTypeFilterValues, type JobTypeFilter } from '../../../../shared/jobs/listing-schemas.ts';
import { postedWithinValues, type PostedWithin } from '../../../../shared/jobs/posted-within.ts';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { localCountryName } from '../country-names.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';
import { useLocale } from '../../../lib/use-locale.ts';

type ChangeFilters = JobFiltersState['setFilters'];

interface FacetSelectProps {
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly FacetValue[];
  onChange: (value: string | undefined) => void;
  testId: string;
  /** How a value is shown (country names in the interface language); the value itself stays the filter's. */
  optionLabel?: (value: string) => string;
}

/** The chosen value stays selectable even when the current result no longer lists it (a shared link, a new search). */
function optionsWith(
  values: readonly FacetValue[],
  chosen: string | undefined,
): { value: string; count: number | null }[] {
  if (!chosen || values.some((option) => option.value.toLowerCase() === chosen.toLowerCase())) return [...values];
  return [{ value: chosen, count: null }, ...values];
}

function sameOptions(a: FacetSelectProps, b: FacetSelectProps): boolean {
  return (
    a.label === b.label &&
    a.anyLabel === b.anyLabel &&
    a.value === b.value &&
    a.onChange === b.onChange &&
    a.optionLabel === b.optionLabel &&
    a.options.length === b.options.length &&
    a.options.every(
      (option, index) => option.value === b.options[index]?.value && option.count === b.options[index]?.count,
    )
  );
}

// Recomputed facets are new arrays, usually holding the same values: compare by content, so a select with hundreds
// of cities is not rendered again for nothing.
const FacetSelect = memo(function FacetSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
  testId,
  optionLabel = (text) => text,
}: FacetSelectProps) {
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          css={touchTarget}
          data-testid={testId}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
        >
          <option value="">{anyLabel}</option>
          {optionsWith(options, value).map((option) => (
            <option key={option.value} value={option.value}>
              {option.count === null ? optionLabel(option.value) : `${optionLabel(option.value)} (${option.count})`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}, sameOptions);

interface SearchFieldProps {
  seed: JobFiltersState['searchSeed'];
  onChange: ChangeFilters;
}

/**
 * The text search. Uncontrolled: typing re-renders the results, not the field; a search set from elsewhere (the URL,
 * Clear filters) arrives as a new `seed` revision.
 */
function SearchField({ seed, onChange }: SearchFieldProps) {
  const { t } = useTranslation('jobs');
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current && input.current.value !== seed.text) input.current.value = seed.text;
  }, [seed]);

  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {t('filters.search')}
      </Field.Label>
      <InputGroup startElement={<LuSearch aria-hidden />} endElement={<SearchHelp />} endElementProps={{ pe: '0.5' }}>
        <Input
          ref={input}
          type="search"
          size="sm"
          css={touchTarget}
          defaultValue={seed.text}
          maxLength={maxSearchPatternLength}
          placeholder={t('filters.searchPlaceholder')}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          data-testid="job-search"
          onChange={(event) => {
            const q = event.currentTarget.value;
            onChange((current) => ({ ...current, q }), 'typing');
          }}
        />
      </InputGroup>
      <Field.HelperText id={hintId} srOnly>
        {t('filters.searchHint')}
      </Field.HelperText>
    </Field.Root>
  );
}

/** The search's power, told briefly: plain words work, and so do regular expressions for those who want them. */
function SearchHelp() {
  const { t } = useTranslation('jobs');
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={t('filters.searchHelp.open')}
          variant="ghost"
          size="xs"
          colorPalette="gray"
          css={touchTarget}
          data-testid="job-search-help"
        >
          <LuCircleHelp />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="2" textStyle="sm">
                <Popover.Title fontWeight="semibold">{t('filters.searchHelp.title')}</Popover.Title>
                <Text>{t('filters.searchHelp.plain')}</Text>
                <Text>{t('filters.searchHelp.regex')}</Text>
                <List.Root ps="4" gap="1">
                  <List.Item>
                    <Code>^software</Code> {t('filters.searchHelp.startsWith')}
                  </List.Item>
                  <List.Item>
                    <Code>intern|co-op</Code> {t('filters.searchHelp.either')}
                  </List.Item>
                  <List.Item>
                    <Code>data (science|analyst)</Code> {t('filters.searchHelp.group')}
                  </List.Item>
                </List.Root>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

interface TypeSelectProps {
  value: JobTypeFilter;
  onChange: (type: JobTypeFilter) => void;
}

function TypeSelect({ value, onChange }: TypeSelectProps) {
  const { t } = useTranslation('jobs');
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {t('filters.type')}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          css={touchTarget}
          data-testid="job-type-filter"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value as JobTypeFilter)}
        >
          {jobTypeFilterValues.map((type) => (
            <option key={type} value={type}>
              {t(`filters.types.${type}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface ChoiceSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  values: readonly V[];
  optionLabel: (value: V) => string;
  /** Label of the empty choice; none: a value is always chosen (the first one by default). */
  anyLabel?: string;
  onChange: (value: V | undefined) => void;
  testId: string;
}

/** A select over a fixed list of values (work mode, sort). */
function ChoiceSelect<V extends string>({
  label,
  value,
  values,
  optionLabel,
  anyLabel,
  onChange,
  testId,
}: ChoiceSelectProps<V>) {
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          css={touchTarget}
          data-testid={testId}
          value={value ?? (anyLabel === undefined ? values[0] : '')}
          onChange={(event) => onChange((event.currentTarget.value || undefined) as V | undefined)}
        >
          {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
          {values.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface JobFilterBarProps {
  /** The filters chosen from lists (any object holding them: the bar compares only these fields). */
  choices: Pick<JobFilters, JobChoiceKey>;
  /** A search is typed: "Most relevant" is offered. */
  hasQuery: boolean;
  facets: JobFacets;
  searchSeed: JobFiltersState['searchSeed'];
  onChange: ChangeFilters;
}

function sameBar(a: JobFilterBarProps, b: JobFilterBarProps): boolean {
  return (
    jobChoiceKeys.every((key) => a.choices[key] === b.choices[key]) &&
    a.hasQuery === b.hasQuery &&
    a.facets === b.facets &&
    a.searchSeed === b.searchSeed &&
    a.onChange === b.onChange
  );
}

/**
 * The board's filters (spec section 5): text search, type, then country -> state -> city. Choosing a country resets
 * state and city; choosing a state resets city. State and city appear only once their parent is chosen and the
 * result has values for them. Nothing here depends on the search text, so typing does not re-render the bar.
 */
export const JobFilterBar = memo(function JobFilterBar({
  choices,
  hasQuery,
  facets,
  searchSeed,
  onChange,
}: JobFilterBarProps) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const countryLabel = useCallback((country: string) => localCountryName(country, locale), [locale]);
  const sorts = hasQuery ? jobSortValues : jobSortValues.filter((sort) => sort !== 'relevant');
  const showState = Boolean(choices.country) && (facets.states.length > 0 || Boolean(choices.state));
  const showCity = Boolean(choices.state) && (facets.cities.length > 0 || Boolean(choices.city));

  const chooseType = useCallback(
    (type: JobTypeFilter) => onChange((current) => ({ ...current, type }), 'choice'),
    [onChange],
  );
  const chooseCountry = useCallback(
    (country: string | undefined) => onChange((current) => withCountry(current, country), 'choice'),
    [onChange],
  );
  const chooseState = useCallback(
    (state: string | undefined) => onChange((current) => withState(current, state), 'choice'),
    [onChange],
  );
  const chooseCity = useCallback(
    (city: string | undefined) => onChange((current) => ({ ...current, city }), 'choice'),
    [onChange],
  );
  const chooseMode = useCallback(
    (mode: WorkMode | undefined) => onChange((current) => ({ ...current, mode }), 'choice'),
    [onChange],
  );
  const choosePosted = useCallback(
    (posted: PostedWithin | undefined) => onChange((current) => ({ ...current, posted }), 'choice'),
    [onChange],
  );
  const chooseSort = useCallback(
    (sort: JobSort | undefined) =>
      onChange((current) => ({ ...current, sort: sort === 'posted' ? undefined : sort }), 'choice'),
    [onChange],
  );

  return (
    <Grid
      role="search"
      aria-label={t('filters.label')}
      templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))' }}
      gap="3"
      alignItems="end"
    >
      <GridItem colSpan={{ base: 2, lg: 1 }}>
        <SearchField seed={searchSeed} onChange={onChange} />
      </GridItem>
      <TypeSelect value={choices.type} onChange={chooseType} />
      <ChoiceSelect
        label={t('filters.mode')}
        anyLabel={t('filters.anyMode')}
        value={choices.mode}
        values={workModes}
        optionLabel={(mode) => t(`filters.modes.${mode}`)}
        onChange={chooseMode}
        testId="job-mode-filter"
      />
      <ChoiceSelect
        label={t('filters.posted')}
        anyLabel={t('filters.anyTime')}
        value={choices.posted}
        values={postedWithinValues}
        optionLabel={(window) => t(`filters.postedWithin.${window}`)}
        onChange={choosePosted}
        testId="job-posted-filter"
      />
      <ChoiceSelect
        label={t('filters.sort')}
        value={choices.sort === 'relevant' && !hasQuery ? undefined : choices.sort}
        values={sorts}
        optionLabel={(sort) => t(`filters.sorts.${sort}`)}
        onChange={chooseSort}
        testId="job-sort"
      />
      <FacetSelect
        label={t('filters.country')}
        anyLabel={t('filters.anyCountry')}
        value={choices.country}
        options={facets.countries}
        onChange={chooseCountry}
        optionLabel={countryLabel}
        testId="job-country-filter"
      />
      {showState ? (
        <FacetSelect
          label={t('filters.state')}
          anyLabel={t('filters.anyState')}
          value={choices.state}
          options={facets.states}
          onChange={chooseState}
          testId="job-state-filter"
        />
      ) : null}
      {showCity ? (
        <FacetSelect
          label={t('filters.city')}
          anyLabel={t('filters.anyCity')}
          value={choices.city}
          options={facets.cities}
          onChange={chooseCity}
          testId="job-city-filter"
        />
      ) : null}
    </Grid>
  );
}, sameBar);
