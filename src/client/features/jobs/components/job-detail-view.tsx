import { Badge, Box, Card, Flex, Heading, HStack, Icon, Separator, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendar, LuMapPin, LuSend } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import type { PublicJobView } from '../api/get-job-detail.ts';
import { formatJobDate, jobDateTimeAttribute, type JobDateInput } from '../job-dates.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { OrganizationLogo } from './organization-logo.tsx';

interface JobDetailViewProps {
  view: PublicJobView;
  applyTo: string;
  /** Shown beside Apply (the bookmark, for a signed-in student). */
  actions?: ReactNode;
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

/** Long text from the partner, with its line breaks kept (spec section 2). */
function LongText({ text, empty }: { text: string | null; empty: string }) {
  if (!text?.trim()) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Text whiteSpace="pre-line" wordBreak="break-word" lineHeight="tall">
      {text}
    </Text>
  );
}

/** The public job view: organization, title, type, location, dates, description, requirements and Apply. */
export function JobDetailView({ view, applyTo, actions }: JobDetailViewProps) {
  const { t } = useTranslation('jobs');
  const { job, organization } = view;
  const organizationName = organization?.name ?? '';

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
              <Badge colorPalette="brand" variant="subtle" size="md">
                {job.type}
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
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
            <Button asChild size="lg" w={{ base: 'full', sm: 'auto' }}>
              <RouterLink to={applyTo}>
                <LuSend aria-hidden />
                {t('detail.apply')}
              </RouterLink>
            </Button>
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
