import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '../../../../shared/company/application-status.ts';

export const applicationStatusPalette: Record<ApplicationStatus, string> = {
  applied: 'green',
  screening: 'cyan',
  interview: 'purple',
  offer: 'orange',
  hired: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

/**
 * An application's status, the same words for the student and the company. 'Applied' keeps the spec's badge (and its
 * test id) so the first status reads as it always has.
 */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  return (
    <Badge
      colorPalette={applicationStatusPalette[status]}
      variant={status === 'hired' ? 'solid' : 'subtle'}
      data-testid={status === 'applied' ? 'applied-badge' : 'application-status'}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
