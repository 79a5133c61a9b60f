import { Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { JobForYou } from '../../../../shared/jobs/jobs-for-you.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { touchTargetHeight } from '../../../components/ui/touch-target.ts';
import { JobCardList } from '../../jobs/index.ts';
import { JobCardSkeleton } from '../../jobs/index.ts';
import { localCountryName } from '../../jobs/index.ts';
import { degreeLabel, familyLabel, termLabel } from '../../../lib/criteria-labels.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useJobsForYou } from '../hooks/use-jobs-for-you.ts';

/** "In Software · Summer 2027 · Uses React, Python · Internship for a 2028 graduate · Open to Master's · In Canada". */
function useFitLine(): (pick: JobForYou) => string {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return useCallback(
    (pick: JobForYou) => {
      // A job that does not sponsor is marked by its card itself (the student's need is on the profile).
      const { skills, program, stage, country, family, terms, degree } = pick.reasons;
      const parts = [
        family ? t('forYou.reasons.family', { family: familyLabel(t, family) }) : null,
        terms.length > 0
          ? t('forYou.reasons.terms', { terms: terms.map((term) => termLabel(t, term)).join(', ') })
          : null,
        skills.length > 0 ? t('forYou.reasons.skills', { skills: skills.join(', ') }) : null,
        program ? t('forYou.reasons.program', { program }) : null,
        stage ? t(`forYou.reasons.${stage.kind}`, { year: stage.graduationYear }) : null,
        degree ? t('forYou.reasons.degree', { degree: degreeLabel(t, degree) }) : null,
        country ? t('forYou.reasons.country', { country: localCountryName(country, locale) }) : null,
      ];
      return parts.filter(Boolean).join(' · ');
    },
    [t, locale],
  );
}

/** Up to 10 board jobs that fit what the student looks for, program, skills and graduation year, each saying why. */
export function JobsForYouSection({ profile }: { profile: StudentProfile | null | undefined }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const state = useJobsForYou(profile);
  const fitLine = useFitLine();
  const picks = state.status === 'ready' ? state.picks : null;
  const jobs = useMemo(() => picks?.map((pick) => pick.job) ?? [], [picks]);
  const notes = useMemo(() => new Map(picks?.map((pick) => [pick.job.id, fitLine(pick)]) ?? []), [picks, fitLine]);

  return (
    <Stack as="section" aria-labelledby="jobs-for-you" gap="4" data-testid="jobs-for-you">
      <Stack gap="1">
        <Heading as="h2" id="jobs-for-you" size="lg">
          {t('forYou.title')}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t('forYou.description')}
        </Text>
      </Stack>
      {state.status === 'loading' ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" aria-busy="true">
          <JobCardSkeleton />
          <JobCardSkeleton />
        </SimpleGrid>
      ) : state.status === 'needs-profile' ? (
        <Flex
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="l3"
          p="4"
          gap="3"
          direction="column"
          data-testid="jobs-for-you-empty"
        >
          <Text>{t('forYou.needsProfile')}</Text>
          <Link asChild alignSelf="flex-start" fontWeight="medium" css={touchTargetHeight}>
            <RouterLink to="/account#field-program">
              {t('forYou.completeProfile')}
              <LuArrowRight aria-hidden />
            </RouterLink>
          </Link>
        </Flex>
      ) : jobs.length === 0 ? (
        <Text
          color="fg.muted"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="l3"
          p="4"
          data-testid="jobs-for-you-empty"
        >
          {t('forYou.none')}
        </Text>
      ) : (
        <JobCardList
          jobs={jobs}
          notes={notes}
          locale={locale}
          label={t('forYou.title')}
          stale={false}
          testId="jobs-for-you-list"
        />
      )}
    </Stack>
  );
}
