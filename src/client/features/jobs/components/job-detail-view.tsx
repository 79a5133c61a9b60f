import {
  Badge,
  Box,
  Card,
  Flex,
  Heading,
  HStack,
  Icon,
  List,
  Separator,
  Stack,
  Tag,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendar, LuCircleCheck, LuGraduationCap, LuMapPin, LuSend, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import type { PublicJobView } from '../api/get-job-detail.ts';
import { descriptionBlocks } from '../description-blocks.ts';
import { useNeedsSponsorship } from '../hooks/use-needs-sponsorship.ts';
import { typeStage } from '../job-card-model.ts';
import { criteriaText, sponsorshipTone, useCriteriaLabels } from '../job-criteria-text.ts';
import { formatJobDate, jobDateTimeAttribute, type JobDateInput } from '../job-dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { OrganizationLogo } from './organization-logo.tsx';

interface JobDetailViewProps {
  view: PublicJobView;
  applyTo: string;
  /** Shown beside Apply (the bookmark and "Not interested", for a signed-in student). */
  actions?: ReactNode;
  /** The student applied already: the button says so and leads to My Applications. */
  applied?: boolean;
}

function JobDate({ value, missing }: { value: JobDateInput; missing: string }) {
  const locale = useLocale();
  const text = formatJobDate(value, locale);
  if (text === null) return <>{missing}</>;
  const dateTime = jobDateTimeAttribute(value);
  return dateTime ? <time dateTime={dateTime}>{text}</time> : <>{text}</>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** Long text from the partner: bullet lines as lists, hard-wrapped lines joined into paragraphs. */
function LongText({ text, empty }: { text: string | null; empty: string }) {
  if (!text?.trim()) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack gap="3" wordBreak="break-word" lineHeight="tall">
      {descriptionBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <Text key={index}>{block.text}</Text>
        ) : (
          <List.Root
            key={index}
            as={block.ordered ? 'ol' : 'ul'}
            ps="5"
            gap="1"
            listStyleType={block.ordered ? 'decimal' : 'disc'}
          >
            {block.items.map((item, itemIndex) => (
              <List.Item key={itemIndex}>{item}</List.Item>
            ))}
          </List.Root>
        ),
      )}
    </Stack>
  );
}

/** The public job view: organization, title, type, location, dates, description, requirements and Apply. */
export function JobDetailView({ view, applyTo, actions, applied = false }: JobDetailViewProps) {
  const { t } = useTranslation('jobs');
  const stage = typeStage(view.job.type);
  const { job, organization } = view;
  const organizationName = organization?.name ?? '';
  const criteriaLabels = useCriteriaLabels();
  const needsSponsorship = useNeedsSponsorship();
  // Every job here is featured; a copy saved before sponsorship existed says nothing about it.
  const criteria = criteriaText({ ...job, featured: true }, criteriaLabels);
  const sponsorship = job.sponsorship ?? 'unknown';
  const tone = sponsorshipTone(sponsorship, needsSponsorship);

  return (
    <Card.Root variant="outline" data-testid="job-detail">
      <Card.Body gap="6" p={{ base: '5', md: '8' }}>
        <Stack gap="4">
          <HStack gap="3">
            <OrganizationLogo src={organization?.logo ?? null} name={organizationName} />
            {organizationName ? (
              <Text fontWeight="medium" color="fg.muted" data-testid="job-organization">
                {organizationName}
              </Text>
            ) : null}
          </HStack>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
            {job.title}
          </Heading>
          <Flex gap="4" rowGap="2" wrap="wrap" align="center" color="fg.muted" textStyle="sm">
            {job.type ? (
              <Badge colorPalette="brand" variant="subtle" size="md" data-testid="job-type">
                {stage ? t(`card.badge.${stage}`) : job.type}
              </Badge>
            ) : null}
            {applied ? (
              <Badge colorPalette="green" variant="subtle" size="md" data-testid="job-applied">
                <LuCircleCheck aria-hidden />
                {t('card.applied')}
              </Badge>
            ) : null}
            {job.location ? (
              <HStack gap="1.5">
                <Icon as={LuMapPin} boxSize="4" aria-hidden />
                <Text>{job.location}</Text>
              </HStack>
            ) : null}
            <HStack gap="1.5" data-testid="job-posted">
              <Icon as={LuCalendar} boxSize="4" aria-hidden />
              <Text>
                <VisuallyHidden>{t('detail.postedOn')} </VisuallyHidden>
                <JobDate value={job.postingDate} missing={t('detail.recently')} />
              </Text>
            </HStack>
          </Flex>
          <Flex gap="3" rowGap="2" wrap="wrap" align="center" textStyle="sm">
            <HStack gap="1.5" color="fg.muted" data-testid="job-criteria">
              <Icon as={LuGraduationCap} boxSize="4" aria-hidden />
              <Text>{criteria}</Text>
            </HStack>
            <Badge
              colorPalette={tone === 'positive' ? 'green' : tone === 'warning' ? 'orange' : 'gray'}
              variant="subtle"
              size="md"
              data-testid="job-sponsorship"
              data-tone={tone}
            >
              {tone === 'warning' ? <LuTriangleAlert aria-hidden /> : null}
              {t(`criteria.sponsorship.${sponsorship}`)}
            </Badge>
          </Flex>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
            {applied ? (
              <Button
                asChild
                size="lg"
                variant="outline"
                w={{ base: 'full', sm: 'auto' }}
                data-testid="job-applied-button"
              >
                <RouterLink to="/jobs/applied">
                  <LuCircleCheck aria-hidden />
                  {t('detail.alreadyApplied')}
                </RouterLink>
              </Button>
            ) : (
              <Button asChild size="lg" w={{ base: 'full', sm: 'auto' }}>
                <RouterLink to={applyTo}>
                  <LuSend aria-hidden />
                  {t('detail.apply')}
                </RouterLink>
              </Button>
            )}
            {actions}
          </Flex>
        </Stack>

        <Separator />

        <Section title={t('detail.description')}>
          <LongText text={job.description} empty={t('detail.noDescription')} />
        </Section>
        <Section title={t('detail.requirements')}>
          <LongText text={job.requirements} empty={t('detail.noRequirements')} />
        </Section>
        {job.skills?.length ? (
          <Section title={t('detail.skills')}>
            <Wrap as="ul" gap="2" data-testid="job-skills">
              {job.skills.map((skill) => (
                <Tag.Root as="li" key={skill} size="lg" variant="subtle">
                  <Tag.Label>{skill}</Tag.Label>
                </Tag.Root>
              ))}
            </Wrap>
          </Section>
        ) : null}

        <Separator />

        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <Stack gap="0.5">
            <Text as="dt" textStyle="sm" color="fg.muted">
              {t('detail.postedOn')}
            </Text>
            <Text as="dd" fontWeight="medium" data-testid="job-posted-on">
              <JobDate value={job.postingDate} missing={t('detail.recently')} />
            </Text>
          </Stack>
          <Stack gap="0.5">
            <Text as="dt" textStyle="sm" color="fg.muted">
              {t('detail.deadline')}
            </Text>
            <Text as="dd" fontWeight="medium" data-testid="job-deadline">
              <JobDate value={job.endPostingDate} missing={t('detail.noDeadline')} />
            </Text>
          </Stack>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
