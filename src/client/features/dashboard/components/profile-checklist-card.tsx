import { Card, Flex, Heading, Icon, Link, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { checklistHref, profileChecklist, profileChecklistKeys } from '../../../../shared/profile/profile-checklist.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { touchTargetHeight, touchTargetRowHeight } from '../../../components/ui/touch-target.ts';

/** What the profile holds and what is missing, each missing item a link to its field on /account. */
export function ProfileChecklistCard({ profile }: { profile: StudentProfile | null | undefined }) {
  const { t } = useTranslation('dashboard');
  const checklist = profile ? profileChecklist(profile) : null;

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="dashboard-profile" data-testid="dashboard-checklist">
      <Card.Body gap="3">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" id="dashboard-profile" size="md">
            {t('checklist.title')}
          </Heading>
          {checklist ? (
            <Text textStyle="sm" color="fg.muted" data-testid="checklist-progress">
              {t('checklist.progress', { done: checklist.done, total: checklist.total })}
            </Text>
          ) : null}
        </Flex>
        {profile === undefined ? (
          // The list's own shape (a bar, one row per item), so the card keeps its height when the profile arrives.
          <>
            <Skeleton h="2" />
            <Stack as="ul" gap="0.5" listStyleType="none" aria-busy="true">
              {profileChecklistKeys.map((key) => (
                <Flex as="li" key={key} align="center" gap="2" css={touchTargetRowHeight}>
                  <Skeleton boxSize="4" borderRadius="full" flexShrink={0} />
                  <Skeleton h="4" w="60%" my="0.5" />
                </Flex>
              ))}
            </Stack>
          </>
        ) : !checklist ? (
          <Text color="fg.muted">{t('checklist.unavailable')}</Text>
        ) : (
          <>
            <Progress.Root
              value={checklist.done}
              max={checklist.total}
              size="sm"
              colorPalette="brand"
              aria-label={t('checklist.progressLabel')}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            {checklist.done === checklist.total ? <Text color="fg.muted">{t('checklist.complete')}</Text> : null}
            <Stack as="ul" gap="0.5" listStyleType="none">
              {checklist.items.map((item) => (
                <Flex
                  as="li"
                  key={item.key}
                  align="center"
                  gap="2"
                  data-testid={`checklist-${item.key}`}
                  data-done={item.done}
                >
                  <Icon color={item.done ? 'green.fg' : 'fg.muted'} boxSize="4" flexShrink={0}>
                    {item.done ? <LuCircleCheck aria-hidden /> : <LuCircle aria-hidden />}
                  </Icon>
                  {item.done ? (
                    <Text textStyle="sm" color="fg.muted">
                      {t(`checklist.items.${item.key}`)}
                      <Text as="span" srOnly>
                        {` (${t('checklist.done')})`}
                      </Text>
                    </Text>
                  ) : (
                    <Link asChild textStyle="sm" fontWeight="medium" css={touchTargetHeight}>
                      <RouterLink to={checklistHref(item.key)}>{t(`checklist.add.${item.key}`)}</RouterLink>
                    </Link>
                  )}
                </Flex>
              ))}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
