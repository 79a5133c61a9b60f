import {
  Checkbox,
  Code,
  Field,
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
import { memo, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp, LuSearch } from 'react-icons/lu';
import { workModes, type WorkMode } from '../../../../shared/jobs/board-place.ts';
import type { FacetValue, JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import {
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
import { BoardHasQueryContext } from './board-result-context.ts';
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
export const FacetSelect = memo(function FacetSelect({
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
export function SearchField({ seed, onChange }: SearchFieldProps) {
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

export function TypeSelect({ value, onChange }: TypeSelectProps) {
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
export function ChoiceSelect<V extends string>({
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

/** The handlers of the single-choice filters, stable for the life of `onChange`. */
export function useFilterChoosers(onChange: ChangeFilters) {
  return useMemo(
    () => ({
      type: (type: JobTypeFilter) => onChange((current) => ({ ...current, type }), 'choice'),
      country: (country: string | undefined) => onChange((current) => withCountry(current, country), 'choice'),
      state: (state: string | undefined) => onChange((current) => withState(current, state), 'choice'),
      city: (city: string | undefined) => onChange((current) => ({ ...current, city }), 'choice'),
      mode: (mode: WorkMode | undefined) => onChange((current) => ({ ...current, mode }), 'choice'),
      posted: (posted: PostedWithin | undefined) => onChange((current) => ({ ...current, posted }), 'choice'),
      sort: (sort: JobSort | undefined) =>
        onChange((current) => ({ ...current, sort: sort === 'posted' ? undefined : sort }), 'choice'),
      sponsorship: (sponsors: boolean) =>
        onChange((current) => ({ ...current, sponsorship: sponsors ? 'yes' : undefined }), 'choice'),
    }),
    [onChange],
  );
}

export type FilterChoosers = ReturnType<typeof useFilterChoosers>;

interface SingleChoiceFiltersProps {
  choices: Pick<JobFilters, JobChoiceKey>;
  choose: FilterChoosers;
}

/** Work mode, posted within and order: the fixed-list selects, in the bar's order. */
export function ModePostedSortSelects({ choices, choose }: SingleChoiceFiltersProps) {
  const hasQuery = useContext(BoardHasQueryContext);
  const { t } = useTranslation('jobs');
  const sorts = hasQuery ? jobSortValues : jobSortValues.filter((sort) => sort !== 'relevant');
  return (
    <>
      <ChoiceSelect
        label={t('filters.mode')}
        anyLabel={t('filters.anyMode')}
        value={choices.mode}
        values={workModes}
        optionLabel={(mode) => t(`filters.modes.${mode}`)}
        onChange={choose.mode}
        testId="job-mode-filter"
      />
      <ChoiceSelect
        label={t('filters.posted')}
        anyLabel={t('filters.anyTime')}
        value={choices.posted}
        values={postedWithinValues}
        optionLabel={(window) => t(`filters.postedWithin.${window}`)}
        onChange={choose.posted}
        testId="job-posted-filter"
      />
      <ChoiceSelect
        label={t('filters.sort')}
        value={choices.sort === 'relevant' && !hasQuery ? undefined : choices.sort}
        values={sorts}
        optionLabel={(sort) => t(`filters.sorts.${sort}`)}
        onChange={choose.sort}
        testId="job-sort"
      />
    </>
  );
}

interface PlaceSelectsProps {
  choices: Pick<JobFilters, JobChoiceKey>;
  facets: JobFacets;
  choose: FilterChoosers;
}

/**
 * Spec section 5: country -> state -> city. Choosing a country resets state and city; choosing a state resets city.
 * State and city appear only once their parent is chosen and the result has values for them.
 */
export function PlaceSelects({ choices, facets, choose }: PlaceSelectsProps) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const countryLabel = useCallback((country: string) => localCountryName(country, locale), [locale]);
  const showState = Boolean(choices.country) && (facets.states.length > 0 || Boolean(choices.state));
  const showCity = Boolean(choices.state) && (facets.cities.length > 0 || Boolean(choices.city));
  return (
    <>
      <FacetSelect
        label={t('filters.country')}
        anyLabel={t('filters.anyCountry')}
        value={choices.country}
        options={facets.countries}
        onChange={choose.country}
        optionLabel={countryLabel}
        testId="job-country-filter"
      />
      {showState ? (
        <FacetSelect
          label={t('filters.state')}
          anyLabel={t('filters.anyState')}
          value={choices.state}
          options={facets.states}
          onChange={choose.state}
          testId="job-state-filter"
        />
      ) : null}
      {showCity ? (
        <FacetSelect
          label={t('filters.city')}
          anyLabel={t('filters.anyCity')}
          value={choices.city}
          options={facets.cities}
          onChange={choose.city}
          testId="job-city-filter"
        />
      ) : null}
    </>
  );
}

interface SponsorshipCheckboxProps {
  checked: boolean;
  onChange: (sponsors: boolean) => void;
}

/** Issue 25: only jobs that say they sponsor work visas, when the student asks for it. */
export function SponsorshipCheckbox({ checked, onChange }: SponsorshipCheckboxProps) {
  const { t } = useTranslation('jobs');
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      size="sm"
      minH="11"
      data-testid="job-sponsorship-filter"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t('filters.sponsorship')}</Checkbox.Label>
    </Checkbox.Root>
  );
}
