import { EmptyState, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuConstruction } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useBreadcrumb } from '../hooks/use-breadcrumb.ts';

export type UpcomingSection = 'account' | 'jobs' | 'applications';

/** Account, job board and applications arrive with their own issues; until then this says so plainly. */
export default function UpcomingPage({ section }: { section: UpcomingSection }) {
  const { t } = useTranslation('dashboard');
  useBreadcrumb([{ label: t(`breadcrumb.${section}`) }]);

  return (
    <Stack gap="6" maxW="6xl" mx="auto">
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t(`upcoming.title.${section}`)}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {t(`upcoming.description.${section}`)}
        </Text>
      </Stack>
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" size="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuConstruction />
          </EmptyState.Indicator>
          <EmptyState.Description textAlign="center" maxW="sm">
            {t('upcoming.building')}
          </EmptyState.Description>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/dashboard">
              <LuArrowLeft aria-hidden />
              {t('upcoming.backToDashboard')}
            </RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Stack>
  );
}
