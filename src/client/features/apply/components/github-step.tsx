import { Alert, Avatar, Badge, Card, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GithubProfile } from '../../../../shared/github/github-profile.ts';
import type { DraftAnswers } from '../../../db/records/apply-records.ts';
import { TextField } from './form-fields.tsx';

function GithubSummary({ github }: { github: GithubProfile }) {
  const { t } = useTranslation('apply');
  const stats = [
    { label: t('github.repos'), value: github.repoCount },
    { label: t('github.stars'), value: github.starsReceived },
    { label: t('github.followers'), value: github.followers },
    { label: t('github.contributions'), value: github.contributionCount },
  ];
  return (
    <Card.Root variant="outline" data-testid="github-summary">
      <Card.Body gap="4">
        <HStack gap="3">
          <Avatar.Root size="lg">
            <Avatar.Fallback name={github.name ?? github.username} />
            {github.avatarUrl ? <Avatar.Image src={github.avatarUrl} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="0">
            <Text fontWeight="semibold">{github.name ?? github.username}</Text>
            <Text textStyle="sm" color="fg.muted">
              @{github.username}
            </Text>
          </Stack>
        </HStack>
        {github.bio ? <Text textStyle="sm">{github.bio}</Text> : null}
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
          {stats.map((stat) => (
            <Stack key={stat.label} gap="0">
              <Text textStyle="xs" color="fg.muted">
                {stat.label}
              </Text>
              <Text fontWeight="semibold" textStyle="lg">
                {stat.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {github.topLanguages.length > 0 ? (
          <Flex gap="2" wrap="wrap" aria-label={t('github.topLanguages')}>
            {github.topLanguages.slice(0, 5).map((language) => (
              <Badge key={language} variant="subtle" colorPalette="gray">
                {language}
              </Badge>
            ))}
          </Flex>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** Step 2: the GitHub username (optional) and, when the profile has connected that account, its summary. */
export function GithubStep({ github, profileFailed }: { github: GithubProfile | null; profileFailed: boolean }) {
  const { t } = useTranslation('apply');
  const username = useWatch<DraftAnswers, 'githubUsername'>({ name: 'githubUsername' }).trim().toLowerCase();
  const connected = github && github.username.toLowerCase() === username ? github : null;
  return (
    <Stack gap="5">
      <TextField
        name="githubUsername"
        label={t('fields.githubUsername')}
        autoComplete="username"
        helper={t('fields.githubHelper')}
      />
      {profileFailed && !github ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('github.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {connected ? <GithubSummary github={connected} /> : null}
      {!connected && username && !profileFailed ? (
        <Text textStyle="sm" color="fg.muted">
          {t('github.notConnected')}
        </Text>
      ) : null}
    </Stack>
  );
}
