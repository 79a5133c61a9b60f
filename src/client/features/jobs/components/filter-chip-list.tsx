import { Button, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuX } from 'react-icons/lu';
import type { JobChoiceKey, JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { localCountryName } from '../country-names.ts';
import { chipId, filterChips, withoutChip, withoutChips, type FilterChip } from '../filter-chips.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';
import { useCriteriaLabels } from './criteria-filters.tsx';

/** The words a chip shows (also how an alert describes its filters). */
export function useChipLabel(): (chip: FilterChip) => string {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const criteria = useCriteriaLabels();
  return (chip) => {
    switch (chip.key) {
      case 'type':
        return t(`filters.types.${chip.value}`);
      case 'country':
        return localCountryName(chip.value, locale);
      case 'state':
      case 'city':
        return chip.value;
      case 'mode':
        return t(`filters.modes.${chip.value}`);
      case 'posted':
        return t(`filters.postedWithin.${chip.value}`);
      case 'category':
        return criteria.family(chip.value);
      case 'term':
        return criteria.term(chip.value);
      case 'degree':
        return criteria.degree(chip.value);
      case 'sponsorship':
        return t('filters.sponsorship');
    }
  };
}

interface FilterChipListProps {
  choices: Pick<JobFilters, JobChoiceKey>;
  onChange: JobFiltersState['setFilters'];
}

/** The active filters as chips, each removable on its own, and "Clear all" (the search text and order stay). */
export function FilterChipList({ choices, onChange }: FilterChipListProps) {
  const { t } = useTranslation('jobs');
  const label = useChipLabel();
  const chips = filterChips(choices);
  if (chips.length === 0) return null;
  return (
    <Wrap
      as="ul"
      aria-label={t('filters.active')}
      gap="2"
      align="center"
      listStyleType="none"
      data-testid="job-filter-chips"
    >
      {chips.map((chip) => {
        const text = label(chip);
        return (
          <li key={chipId(chip)}>
            {/* The whole chip removes it: a target a finger can hit, not a tiny cross. */}
            <Button
              size="xs"
              variant="subtle"
              colorPalette="brand"
              rounded="full"
              css={touchTarget}
              aria-label={t('filters.removeChip', { label: text })}
              onClick={() => onChange((current) => withoutChip(current, chip), 'choice')}
              data-testid="job-filter-chip"
              data-chip={chipId(chip)}
            >
              {text}
              <LuX aria-hidden />
            </Button>
          </li>
        );
      })}
      <li>
        <Button
          variant="ghost"
          size="xs"
          colorPalette="gray"
          css={touchTarget}
          onClick={() => onChange(withoutChips, 'choice')}
          data-testid="job-filters-clear"
        >
          {t('filters.clearAll')}
        </Button>
      </li>
    </Wrap>
  );
}
