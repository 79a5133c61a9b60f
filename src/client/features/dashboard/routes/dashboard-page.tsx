import { Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { JobList } from '../../jobs/index.ts';
import { useCachedProfile, useProfileSyncSettled } from '../../profile/index.ts';
import { ApplicationsSummaryCard } from '../components/applications-summary-card.tsx';
import { JobsForYouSection } from '../components/jobs-for-you-section.tsx';
import { ProfileChecklistCard } from '../components/profile-checklist-card.tsx';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { greetingNameFor } from '../user-display.ts';
import { readSignedInShellText, rememberSignedInShellText } from '../../../lib/signed-in-shell.ts';

/** Spec section 9: the dashboard's embedded job list shows 10 items. */
const dashboardJobLimit = 10;

/**
 * Home of the signed-in area: a welcome by name, the student's applications and profile checklist, jobs that fit
 * them, and the ten jobs at the top of the board (spec). Read from the copies on this device, so it works offline.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const cached = useCachedProfile();
  useBreadcrumb([]);
  // No copy on this device yet (a first visit): still loading until the server's answer, not "missing".
  const settled = useProfileSyncSettled(user?.uid ?? null);
  const profile = cached === undefined || (cached === null && !settled) ? undefined : (cached?.profile ?? null);
  // Until the profile on this device is read (or when there is none yet), the greeting the app last showed this
  // student: the prerendered shell painted the same, so nothing changes size when the app takes over.
  const name = user
    ? profile
      ? greetingNameFor(user, profile)
      : readSignedInShellText(user.uid)?.greeting || greetingNameFor(user, null)
    : null;
  useEffect(() => {
    if (user && profile) rememberSignedInShellText(user.uid, { greeting: greetingNameFor(user, profile) ?? '' });
    else if (user && profile === null && !readSignedInShellText(user.uid)?.greeting) {
      rememberSignedInShellText(user.uid, { greeting: greetingNameFor(user, null) ?? '' });
    }
  }, [user, profile]);

  return (
    <Stack gap="8" maxW="6xl" mx="auto">
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word" data-testid="dashboard-greeting">
          {name ? t('home.welcome', { name }) : t('home.welcomeNoName')}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {t('home.intro')}
        </Text>
      </Stack>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
        <ApplicationsSummaryCard />
        <ProfileChecklistCard profile={profile} />
      </SimpleGrid>

      <JobsForYouSection profile={profile} />

      <Stack as="section" aria-labelledby="latest-jobs" gap="4">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <Heading as="h2" id="latest-jobs" size="lg">
            {t('home.latestJobs')}
          </Heading>
          <Button asChild variant="outline" size="sm" minH="11">
            <RouterLink to="/jobs">
              {t('home.viewAllJobs')}
              <LuArrowRight aria-hidden />
            </RouterLink>
          </Button>
        </Flex>
        <JobList limit={dashboardJobLimit} />
      </Stack>
    </Stack>
  );
}
