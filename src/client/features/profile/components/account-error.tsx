import { EmptyState, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert, LuWifiOff } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';

/** Loading failed: the reason, and a retry. */
export function AccountError({
  offline,
  message,
  onRetry,
}: {
  offline: boolean;
  message: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" size="lg" role="alert" data-testid="account-error">
      <EmptyState.Content>
        <EmptyState.Indicator>{offline ? <LuWifiOff /> : <LuTriangleAlert />}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{offline ? t('offline.title') : t('error.title')}</EmptyState.Title>
          <EmptyState.Description maxW="sm">
            {offline ? t('offline.errorDescription') : (message ?? t('error.description'))}
          </EmptyState.Description>
        </Stack>
        <Button variant="outline" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
