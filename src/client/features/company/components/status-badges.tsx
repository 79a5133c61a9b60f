import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '../../../../shared/company/application-status.ts';
import type { JobStatus, JobVisibility } from '../../../../shared/company/company-api.ts';

export const applicationStatusPalette: Record<ApplicationStatus, string> = {
  applied: 'blue',
  screening: 'cyan',
  interview: 'purple',
  offer: 'orange',
  hired: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  return (
    <Badge colorPalette={applicationStatusPalette[status]} variant="subtle" data-testid="application-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

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
