import { Box, Button, Checkbox, CheckboxGroup, Popover, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown } from 'react-icons/lu';
import type { JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import type { DegreeLevel, JobFamily, TermKey, TermSeason } from '../../../../shared/jobs/job-criteria.ts';
import type { JobChoiceKey, JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { useNow } from '../../../lib/use-now.ts';
import {
  chosenDegrees,
  chosenFamilies,
  chosenTerms,
  degreeOptions,
  familyOptions,
  termOptions,
  type CriteriaOption,
} from '../criteria-options.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';

/** How the role families, degree levels and terms read in the interface language. */
export function useCriteriaLabels() {
  const { t } = useTranslation('jobs');
  return useMemo(
    () => ({
      family: (family: JobFamily) => t(`criteria.family.${family}`),
      degree: (level: DegreeLevel) => t(`criteria.degree.${level}`),
      term: (term: TermKey) => {
        const [season, year] = term.split('-') as [TermSeason, string];
        return t('criteria.term', { season: t(`criteria.season.${season}`), year });
      },
    }),
    [t],
  );
}

interface OptionListProps<V extends string> {
  options: readonly CriteriaOption<V>[];
  chosen: readonly V[] | undefined;
  optionLabel: (value: V) => string;
  onChange: (values: string[]) => void;
  /** Names the group (the visible label's id). */
  labelledBy: string;
  /** Rows a finger can hit (the phone sheet). */
  roomy?: boolean;
}

function OptionList<V extends string>({
  options,
  chosen,
  optionLabel,
  onChange,
  labelledBy,
  roomy,
}: OptionListProps<V>) {
  const { t } = useTranslation('jobs');
  if (options.length === 0)
    return (
      <Text textStyle="sm" color="fg.muted" py="1">
        {t('filters.noChoices')}
      </Text>
    );
  return (
    <CheckboxGroup value={[...(chosen ?? [])]} onValueChange={onChange} aria-labelledby={labelledBy}>
      <Stack gap={roomy ? '0' : '1'}>
        {options.map((option) => (
          <Checkbox.Root key={option.value} value={option.value} size="sm" minH={roomy ? '11' : '8'}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">
              {optionLabel(option.value)}{' '}
              <Text as="span" color="fg.muted">
                ({option.count})
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </CheckboxGroup>
  );
}

interface CriteriaChoiceProps<V extends string> extends Omit<OptionListProps<V>, 'labelledBy' | 'roomy'> {
  label: string;
  anyLabel: string;
  testId: string;
  /** Below the options (the term filter's "Show past terms"). */
  footer?: ReactNode;
}

/** Desktop: a compact button naming the choice ("Any category", "Software", "2 selected") that opens the options. */
function CriteriaPopover<V extends string>({ label, anyLabel, testId, footer, ...list }: CriteriaChoiceProps<V>) {
  const { t } = useTranslation('jobs');
  const labelId = useId();
  const valueId = useId();
  const chosen = list.chosen ?? [];
  const summary =
    chosen.length === 0
      ? anyLabel
      : chosen.length === 1
        ? list.optionLabel(chosen[0]!)
        : t('filters.selected', { count: chosen.length });
  return (
    <Stack gap="1.5">
      <Text id={labelId} textStyle="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            colorPalette="gray"
            size="sm"
            justifyContent="space-between"
            fontWeight="normal"
            aria-labelledby={`${labelId} ${valueId}`}
            data-testid={testId}
            data-count={chosen.length}
          >
            <Box as="span" id={valueId} truncate>
              {summary}
            </Box>
            <LuChevronDown aria-hidden />
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content maxW="xs" data-testid={`${testId}-options`}>
              <Popover.Body>
                <Stack gap="3">
                  <Popover.Title srOnly>{label}</Popover.Title>
                  <OptionList {...list} labelledBy={labelId} />
                  {footer}
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </Stack>
  );
}

/** Phone sheet: the options right there, under their label (the group is named by it). */
function CriteriaSection<V extends string>({ label, testId, footer, ...list }: CriteriaChoiceProps<V>) {
  const labelId = useId();
  return (
    <Stack gap="1" data-testid={testId}>
      <Text id={labelId} textStyle="sm" fontWeight="semibold">
        {label}
      </Text>
      <OptionList {...list} labelledBy={labelId} roomy />
      {footer}
    </Stack>
  );
}

type ChangeFilters = JobFiltersState['setFilters'];

interface CriteriaFiltersProps {
  choices: Pick<JobFilters, JobChoiceKey>;
  facets: JobFacets;
  onChange: ChangeFilters;
  /** 'bar': compact buttons with pop-over options (desktop); 'sheet': the options inline (phone). */
  variant: 'bar' | 'sheet';
}

/**
 * Role family, term and degree (issue 25): multi-selects whose options carry their counts under the other active
 * filters. Terms that have ended are left out until "Show past terms" (still searchable, still listed once chosen).
 */
export function CriteriaFilters({ choices, facets, onChange, variant }: CriteriaFiltersProps) {
  const { t } = useTranslation('jobs');
  const labels = useCriteriaLabels();
  const now = useNow(60 * 60_000);
  const [showPast, setShowPast] = useState(false);
  const terms = termOptions(facets.terms, choices.term, { now: new Date(now), showPast });

  const chooseFamilies = useCallback(
    (values: string[]) => onChange((current) => ({ ...current, category: chosenFamilies(values) }), 'choice'),
    [onChange],
  );
  const chooseTerms = useCallback(
    (values: string[]) => onChange((current) => ({ ...current, term: chosenTerms(values) }), 'choice'),
    [onChange],
  );
  const chooseDegrees = useCallback(
    (values: string[]) => onChange((current) => ({ ...current, degree: chosenDegrees(values) }), 'choice'),
    [onChange],
  );

  const Choice = variant === 'bar' ? CriteriaPopover : CriteriaSection;
  const pastSwitch =
    terms.hiddenPast > 0 || showPast ? (
      <Switch.Root
        size="sm"
        checked={showPast}
        onCheckedChange={(details) => setShowPast(details.checked)}
        minH={variant === 'sheet' ? '11' : undefined}
        data-testid="job-term-show-past"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label fontWeight="normal">{t('filters.showPastTerms')}</Switch.Label>
      </Switch.Root>
    ) : null;

  return (
    <>
      <Choice
        label={t('filters.category')}
        anyLabel={t('filters.anyCategory')}
        options={familyOptions(facets.categories, choices.category)}
        chosen={choices.category}
        optionLabel={labels.family}
        onChange={chooseFamilies}
        testId="job-category-filter"
      />
      <Choice
        label={t('filters.term')}
        anyLabel={t('filters.anyTerm')}
        options={terms.options}
        chosen={choices.term}
        optionLabel={labels.term}
        onChange={chooseTerms}
        testId="job-term-filter"
        footer={pastSwitch}
      />
      <Choice
        label={t('filters.degree')}
        anyLabel={t('filters.anyDegree')}
        options={degreeOptions(facets.degrees, choices.degree)}
        chosen={choices.degree}
        optionLabel={labels.degree}
        onChange={chooseDegrees}
        testId="job-degree-filter"
      />
    </>
  );
}
