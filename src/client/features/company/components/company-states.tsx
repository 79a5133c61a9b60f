import { EmptyState, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';

/** A list or page still loading: a few grey bars, announced to screen readers. */
export function LoadingRows({ rows = 3, height = '16' }: { rows?: number; height?: string }) {
  const { t } = useTranslation('company');
  return (
    <Stack gap="3" role="status" aria-live="polite">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={height} rounded="l3" />
      ))}
    </Stack>
  );
}

/** A request that failed: the translated reason and a retry. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('company');
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" role="alert" data-testid="company-error">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuTriangleAlert />
        </EmptyState.Indicator>
        <EmptyState.Title>{apiErrorText(t, error)}</EmptyState.Title>
        {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function EmptyPanel({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" borderStyle="dashed">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
