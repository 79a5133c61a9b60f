import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { JobStatus, JobVisibility } from '../../../../shared/company/company-api.ts';

export { ApplicationStatusBadge } from '../../applications/index.ts';

const jobStatusPalette: Record<JobStatus, string> = { draft: 'gray', published: 'green', closed: 'red' };

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation('company');
  return (
    <Badge colorPalette={jobStatusPalette[status]} variant="subtle" data-testid="job-status" data-status={status}>
      {t(`jobStatus.${status}`)}
    </Badge>
  );
}

export function VisibilityBadge({ visibility }: { visibility: JobVisibility }) {
  const { t } = useTranslation('company');
  return (
    <Badge variant="outline" colorPalette="gray">
      {t(`visibility.${visibility}.label`)}
    </Badge>
  );
}

/** The application gave a knockout answer to a screening question (the organization's eyes only). */
export function KnockoutBadge() {
  const { t } = useTranslation('company');
  return (
    <Badge colorPalette="red" variant="outline" data-testid="knockout-badge">
      {t('screening.knockedOut')}
    </Badge>
  );
}
