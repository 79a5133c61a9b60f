import { Badge, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Match, MatchPart } from '../../../../shared/company/company-api.ts';

/** One part of the score in words: "4 of 5 required skills", "12 hackathon projects, 2 wins". */
export function useMatchPartText() {
  const { t } = useTranslation('company');
  return (part: MatchPart): string => {
    switch (part.key) {
      case 'skills':
        if (part.notListed) return t('match.skillsNotListed', { required: part.required });
        return part.required === 0
          ? t('match.skillsNone')
          : t('match.skills', { matched: part.matched, required: part.required });
      case 'graduation':
        return part.year === null
          ? t('match.graduationUnknown')
          : t(`match.graduation.${part.fit}`, {
              year: part.year,
              type: t(`jobType.${part.jobType}`, { defaultValue: part.jobType }),
            });
      case 'github':
        return part.contributions === null
          ? t('match.githubNone')
          : t('match.github', { count: part.contributions, repos: part.repos ?? 0 });
      case 'devpost':
        return part.projects === null
          ? t('match.devpostNone')
          : t('match.devpost', { count: part.projects, wins: part.wins ?? 0 });
    }
  };
}

export function matchPalette(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'orange';
  return 'gray';
}

export function MatchBadge({ match }: { match: Match }) {
  const { t } = useTranslation('company');
  return (
    <Badge
      colorPalette={matchPalette(match.score)}
      variant="outline"
      data-testid="match-score"
      title={t('match.scoreLabel', { score: match.score })}
    >
      {t('match.short', { score: match.score })}
    </Badge>
  );
}

/** The score with every part that made it, each as points out of its maximum. */
export function MatchExplained({ match }: { match: Match }) {
  const { t } = useTranslation('company');
  const text = useMatchPartText();
  return (
    <Stack gap="3" data-testid="match-explained">
      <HStack gap="3">
        <Text textStyle="3xl" fontWeight="bold">
          {match.score}
        </Text>
        <Text color="fg.muted">{t('match.outOf')}</Text>
      </HStack>
      <Stack as="ul" gap="3">
        {match.parts.map((part) => (
          <Stack as="li" key={part.key} gap="1" listStyleType="none">
            <HStack justify="space-between" gap="3">
              <Text textStyle="sm">{text(part)}</Text>
              <Text textStyle="sm" color="fg.muted" flexShrink={0}>
                {part.max === 0 ? t('match.notCounted') : t('match.points', { points: part.points, max: part.max })}
              </Text>
            </HStack>
            <Progress.Root
              value={part.max === 0 ? 0 : (part.points / part.max) * 100}
              size="xs"
              colorPalette={matchPalette((part.points / Math.max(part.max, 1)) * 100)}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
