import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LanguageShare } from '../../../../shared/github/github-profile.ts';

const barColors = ['brand.solid', 'blue.500', 'green.500', 'purple.500', 'teal.500'];

/** The top 5 languages (spec section 9) as horizontal bars of their share of code. */
export function LanguageChart({ languages }: { languages: LanguageShare[] }) {
  const { t } = useTranslation('account');
  const top = languages.slice(0, 5);
  if (top.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {t('github.noLanguages')}
      </Text>
    );
  }
  return (
    <Stack as="ol" gap="2" data-testid="language-chart" listStyleType="none">
      {top.map((share, index) => (
        <Stack as="li" key={share.language} gap="1">
          <HStack justify="space-between" textStyle="sm">
            <Text fontWeight="medium">{share.language}</Text>
            <Text color="fg.muted">
              {t('github.languageShare', { percentage: share.percentage, count: share.projects })}
            </Text>
          </HStack>
          <Box h="2" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden>
            <Box h="full" w={`${Math.max(0, Math.min(100, share.percentage))}%`} bg={barColors[index]} rounded="full" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
