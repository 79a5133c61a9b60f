import { Link, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { clientPaths } from '../../../../shared/client-routes.ts';
import type { JobChoiceKey, JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { touchTargetHeight } from '../../../components/ui/touch-target.ts';
import { useCachedProfile } from '../../profile/index.ts';
import { matchesProfile, profileCriteria, withoutProfileCriteria, withProfileCriteria } from '../profile-match.ts';
import type { JobFiltersState } from '../hooks/use-job-filters.ts';

interface MatchProfileSwitchProps {
  choices: Pick<JobFilters, JobChoiceKey>;
  onChange: JobFiltersState['setFilters'];
}

/**
 * "Match my profile" (issue 25): on, the board shows the student's own criteria (role families, terms, degree) as its
 * filters; off, those three filters go. It is on exactly while the filters are the profile's, so a shared link or a
 * reload shows the truth. Sponsorship is never applied from here. The profile is the copy kept on this device.
 */
export function MatchProfileSwitch({ choices, onChange }: MatchProfileSwitchProps) {
  const { t } = useTranslation('jobs');
  const record = useCachedProfile();
  if (!record) return null;
  const criteria = profileCriteria(record.profile);
  if (!criteria)
    return (
      <Link asChild textStyle="sm" color="brand.fg" css={touchTargetHeight} data-testid="match-profile-add">
        <RouterLink to={clientPaths.account}>{t('filters.addPreferences')}</RouterLink>
      </Link>
    );
  const on = matchesProfile(choices, criteria);
  return (
    <Switch.Root
      checked={on}
      onCheckedChange={(details) =>
        onChange(
          (current) => (details.checked ? withProfileCriteria(current, criteria) : withoutProfileCriteria(current)),
          'choice',
        )
      }
      colorPalette="brand"
      minH="11"
      data-testid="match-profile"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{t('filters.matchProfile')}</Switch.Label>
    </Switch.Root>
  );
}
