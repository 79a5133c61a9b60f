import { Avatar, Box, Card, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuStar } from 'react-icons/lu';
import type { GithubProfile } from '../../../../shared/github/github-profile.ts';
import { ContributionCalendar } from './contribution-calendar.tsx';
import { LanguageChart } from './language-chart.tsx';
import { ProfileFigure } from './profile-figure.tsx';

/** The connected GitHub profile: figures, top 5 languages, top 3 repositories and the contribution calendar. */
export function GithubProfileCard({ github }: { github: GithubProfile }) {
  const { t, i18n } = useTranslation('account');
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Card.Root variant="outline" data-testid="github-profile">
      <Card.Body gap="5" p={{ base: '4', md: '5' }}>
        <HStack gap="3">
          <Avatar.Root size="md">
            <Avatar.Fallback name={github.name ?? github.username} />
          </Avatar.Root>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {github.name ?? github.username}
            </Text>
            <Link
              href={`https://github.com/${github.username}`}
              target="_blank"
              rel="noreferrer"
              color="fg.muted"
              textStyle="sm"
            >
              @{github.username}
            </Link>
          </Stack>
        </HStack>
        {github.bio ? <Text textStyle="sm">{github.bio}</Text> : null}

        <Box>
          <Heading as="h4" size="sm" mb="2">
            {t('github.stats')}
          </Heading>
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="3">
            <ProfileFigure testId="github-repos" label={t('github.repoCount')} value={number(github.repoCount)} />
            <ProfileFigure
              testId="github-stars"
              label={t('github.starsReceived')}
              value={number(github.starsReceived)}
            />
            <ProfileFigure testId="github-followers" label={t('github.followers')} value={number(github.followers)} />
            <ProfileFigure
              testId="github-contributions"
              label={t('github.contributionCount')}
              value={number(github.contributionCount)}
            />
            <ProfileFigure
              testId="github-prs"
              label={t('github.pullRequests')}
              value={number(github.pullRequestsCount)}
            />
            <ProfileFigure
              testId="github-current-streak"
              label={t('github.currentStreak')}
              value={t('github.days', { count: github.currentStreak })}
            />
            <ProfileFigure
              testId="github-max-streak"
              label={t('github.maxStreak')}
              value={t('github.days', { count: github.maxStreak })}
            />
            <ProfileFigure
              testId="github-average"
              label={t('github.averagePerDay')}
              value={number(github.averageContributionsPerDay)}
            />
            <ProfileFigure
              testId="github-active-days"
              label={t('github.activeDaysPerWeek')}
              value={number(github.activeDaysPerWeek)}
            />
            <ProfileFigure
              testId="github-best-day"
              label={t('github.mostProductiveDay')}
              value={
                github.mostProductiveDay
                  ? t('github.mostProductiveDayValue', {
                      date: github.mostProductiveDay.date,
                      count: github.mostProductiveDay.contributions,
                    })
                  : t('github.none')
              }
            />
          </SimpleGrid>
        </Box>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Box>
            <Heading as="h4" size="sm" mb="2">
              {t('github.topLanguages')}
            </Heading>
            <LanguageChart languages={github.languageDistribution} />
          </Box>
          <Box>
            <Heading as="h4" size="sm" mb="2">
              {t('github.topRepos')}
            </Heading>
            {github.mostStarredRepos.length === 0 ? (
              <Text color="fg.muted" textStyle="sm">
                {t('github.noRepos')}
              </Text>
            ) : (
              <Stack as="ol" gap="2" listStyleType="none" data-testid="github-top-repos">
                {github.mostStarredRepos.slice(0, 3).map((repo) => (
                  <HStack as="li" key={repo.url} justify="space-between" gap="2">
                    <Link href={repo.url} target="_blank" rel="noreferrer" truncate fontWeight="medium">
                      {repo.name}
                    </Link>
                    <HStack gap="1" color="fg.muted" textStyle="sm" flexShrink={0}>
                      <LuStar aria-hidden />
                      <Text>{t('github.stars', { count: repo.stars })}</Text>
                    </HStack>
                  </HStack>
                ))}
              </Stack>
            )}
          </Box>
        </SimpleGrid>

        <Box>
          <Heading as="h4" size="sm" mb="2">
            {t('github.calendar')}
          </Heading>
          <ContributionCalendar weeks={github.weeklyContributions} total={github.contributionCount} />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
