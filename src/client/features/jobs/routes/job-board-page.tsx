import { Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBookmark, LuEyeOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { JobList } from '../components/job-list.tsx';

/** /jobs: the whole board with its filters (breadcrumb Dashboard > Jobs). */
export default function JobBoardPage() {
  const { t } = useTranslation('jobs');
  const { t: tDashboard } = useTranslation('dashboard');
  useBreadcrumb([{ label: tDashboard('breadcrumb.jobs') }]);

  return (
    <Stack gap="6" maxW="6xl" mx="auto">
      <Stack gap="2">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('board.title')}
          </Heading>
          <HStack gap="2">
            <Button asChild variant="outline" minH="11" data-testid="saved-jobs-link">
              <RouterLink to="/jobs/saved">
                <LuBookmark aria-hidden />
                {t('saved.link')}
              </RouterLink>
            </Button>
            <Button asChild variant="ghost" minH="11" data-testid="dismissed-jobs-link">
              <RouterLink to="/jobs/dismissed">
                <LuEyeOff aria-hidden />
                {t('dismissed.link')}
              </RouterLink>
            </Button>
          </HStack>
        </Flex>
        {/* On a phone the first job comes first: the filters and the first card fit the first screen. */}
        <Text color="fg.muted" maxW="prose" hideBelow="md">
          {t('board.description')}
        </Text>
      </Stack>
      <JobList />
    </Stack>
  );
}
