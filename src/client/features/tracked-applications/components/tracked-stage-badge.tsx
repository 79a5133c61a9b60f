import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TrackedStage } from '../../../../shared/tracked-applications/tracked-applications-api.ts';

// The same words and colours as an in-app application's status (applications.json `status`), so My Applications
// reads as one list.
export const trackedStagePalette: Record<TrackedStage, string> = {
  applied: 'green',
  assessment: 'cyan',
  interview: 'purple',
  offer: 'orange',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  ghosted: 'gray',
};

export function TrackedStageBadge({ stage }: { stage: TrackedStage }) {
  const { t } = useTranslation('applications');
  return (
    <Badge
      colorPalette={trackedStagePalette[stage]}
      variant={stage === 'accepted' ? 'solid' : 'subtle'}
      data-testid="tracked-stage"
      data-stage={stage}
    >
      {t(`status.${stage}`)}
    </Badge>
  );
}
