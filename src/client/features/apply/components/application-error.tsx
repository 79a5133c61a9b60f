import { EmptyState, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import type { ApplyTargetProblem } from '../hooks/use-apply-target.ts';

/** Spec section 2: 'Application Error' with the message and Return to Home (/dashboard); it replaces the page. */
export function ApplicationError({ problem }: { problem: ApplyTargetProblem }) {
  const { t } = useTranslation('apply');
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" size="lg" role="alert" data-testid="application-error">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuTriangleAlert />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{t('error.title')}</EmptyState.Title>
          <EmptyState.Description maxW="sm">
            {problem.code ? errorCodeText(t, problem.code) : t(`messages.${problem.fallback}`)}
          </EmptyState.Description>
        </Stack>
        <Button asChild>
          <RouterLink to="/dashboard">{t('returnHome')}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
