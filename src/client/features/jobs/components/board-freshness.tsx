import { Badge, HStack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuWifiOff } from 'react-icons/lu';
import { formatRelativeTime } from '../job-dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';

/** "Last refreshed 5 minutes ago", and an Offline badge while the device has no network. */
export const BoardFreshness = memo(function BoardFreshness({ refreshedAt }: { refreshedAt: number | null }) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const now = useNow();
  const online = useOnlineStatus();

  return (
    <HStack gap="2" textStyle="xs" color="fg.muted" data-testid="board-freshness">
      {!online ? (
        <Badge colorPalette="orange" variant="subtle" data-testid="offline-badge">
          <LuWifiOff aria-hidden />
          {t('list.offlineBadge')}
        </Badge>
      ) : null}
      {refreshedAt !== null ? (
        <Text title={new Date(refreshedAt).toLocaleString(locale)}>
          {t('list.lastRefreshed', { time: formatRelativeTime(refreshedAt, now, locale) })}
        </Text>
      ) : null}
    </HStack>
  );
});
