import '../company-i18n.ts';
import { Badge, Card, Flex, Heading, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBriefcase, LuMapPin, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { getJobs } from '../api/company-api.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { JobStatusBadge, VisibilityBadge } from '../components/status-badges.tsx';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useOrganization } from '../organization-context.ts';

/** /company: the organization's featured jobs, drafts first to finish, with their application counts. */
export default function CompanyJobsPage() {
  const { t, i18n } = useTranslation('company');
  const { current } = useOrganization();
  const jobs = useResource(`jobs:${current.id}`, (signal) => getJobs(current.id, signal));

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('jobs.title')}
          </Heading>
          <Text color="fg.muted">{t('jobs.subtitle', { name: current.name })}</Text>
        </Stack>
        {/* An organization scheduled for deletion takes no new jobs (the banner above says why). */}
        {current.deletionDueAt ? null : (
          <Button asChild minH="11">
            <RouterLink to="/company/jobs/new">
              <LuPlus aria-hidden />
              {t('jobs.new')}
            </RouterLink>
          </Button>
        )}
      </Flex>

      {jobs.status === 'loading' ? <LoadingRows rows={3} height="24" /> : null}
      {jobs.status === 'error' ? <ErrorPanel error={jobs.error} onRetry={jobs.reload} /> : null}
      {jobs.status === 'ready' && jobs.data.length === 0 ? (
        <EmptyPanel icon={<LuBriefcase />} title={t('jobs.empty.title')} description={t('jobs.empty.description')} />
      ) : null}
      {jobs.status === 'ready' && jobs.data.length > 0 ? (
        <Stack as="ul" gap="3" data-testid="company-jobs">
          {jobs.data.map((job) => (
            <LinkBox as="li" key={job.id} listStyleType="none" data-testid="company-job">
              <Card.Root variant="outline" _hover={{ borderColor: 'brand.border', shadow: 'sm' }}>
                <Card.Body gap="2" p={{ base: '4', md: '5' }}>
                  <Flex justify="space-between" gap="3" wrap="wrap">
                    <LinkOverlay asChild>
                      <RouterLink to={`/company/jobs/${job.id}`}>
                        <Text as="h2" fontWeight="semibold" textStyle="lg" wordBreak="break-word">
                          {job.title}
                        </Text>
                      </RouterLink>
                    </LinkOverlay>
                    <HStack gap="2">
                      <JobStatusBadge status={job.status} />
                      <VisibilityBadge visibility={job.visibility} />
                    </HStack>
                  </Flex>
                  <Wrap gap="4" textStyle="sm" color="fg.muted">
                    <HStack gap="1.5">
                      <LuBriefcase aria-hidden />
                      <Text>{t(`jobType.${job.type}`, { defaultValue: job.type })}</Text>
                    </HStack>
                    <HStack gap="1.5">
                      <LuMapPin aria-hidden />
                      <Text>{job.location}</Text>
                    </HStack>
                    <Text>{t('jobs.posted', { date: formatDate(job.postingDate, i18n.language) })}</Text>
                    {job.deadline ? (
                      <Text>{t('jobs.deadline', { date: formatDate(job.deadline, i18n.language) })}</Text>
                    ) : null}
                  </Wrap>
                  <Wrap gap="2">
                    <Badge colorPalette="brand" variant="solid">
                      {t('jobs.applications', { count: job.applicationCounts.total })}
                    </Badge>
                    {(['applied', 'screening', 'interview', 'offer', 'hired'] as const)
                      .filter((status) => job.applicationCounts[status] > 0)
                      .map((status) => (
                        <Badge key={status} variant="subtle">
                          {t(`applications:status.${status}`)} · {job.applicationCounts[status]}
                        </Badge>
                      ))}
                  </Wrap>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
