import { Badge, Card, Flex, HStack, Icon, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBriefcase, LuCalendar, LuExternalLink, LuMapPin } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { typeStage } from '../../jobs/index.ts';

interface ApplicationCardProps {
  jobId: string;
  title: string;
  organizationName: string | null;
  type: string | null;
  location: string | null;
  /** The application's status, or the outbox state of one not confirmed yet. */
  badge: ReactNode;
  /** "Applied Nov 25, 2026" and the latest status change, when the server holds the application. */
  dates?: ReactNode;
  /** Featured jobs open in the same tab (they are pages of this app); others in a new one. */
  sameTab?: boolean;
  /** Buttons under the card (view the submission, withdraw); outside the card's link. */
  actions?: ReactNode;
  /** The card's element id, the target of links to this application (`/jobs/applied#application-{id}`). */
  anchorId?: string;
}

/** One application (spec section 2): title, badge, organization (or 'Unknown Organization'), type and location. */
export function ApplicationCard({
  jobId,
  title,
  organizationName,
  type,
  location,
  badge,
  dates,
  sameTab = false,
  actions,
  anchorId,
}: ApplicationCardProps) {
  const { t } = useTranslation('applications');
  const { t: tJobs } = useTranslation('jobs');
  const stage = typeStage(type);
  const href = `/jobs/${encodeURIComponent(jobId)}`;
  const heading = (
    <Text as="h2" fontWeight="semibold" textStyle="md" wordBreak="break-word">
      {title}
    </Text>
  );
  return (
    <LinkBox as="li" listStyleType="none" data-testid="application-card" id={anchorId} scrollMarginTop="24">
      <Card.Root
        variant="outline"
        h="full"
        _hover={{ borderColor: 'brand.border', shadow: 'sm' }}
        transition="all 0.15s"
      >
        <Card.Body gap="2">
          <Flex justify="space-between" align="flex-start" gap="3">
            {sameTab ? (
              <LinkOverlay asChild>
                <RouterLink to={href}>{heading}</RouterLink>
              </LinkOverlay>
            ) : (
              <LinkOverlay href={href} target="_blank" rel="noopener">
                {heading}
              </LinkOverlay>
            )}
            <HStack gap="2" flexShrink={0}>
              {badge}
              {sameTab ? null : (
                <Icon as={LuExternalLink} color="fg.subtle" boxSize="4" aria-label={t('card.opensInNewTab')} />
              )}
            </HStack>
          </Flex>
          <Text color="fg.muted">{organizationName ?? t('card.unknownOrganization')}</Text>
          <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
            {type ? (
              <HStack gap="1.5">
                <Icon as={LuBriefcase} aria-hidden />
                <Text>{stage ? tJobs(`card.badge.${stage}`) : type}</Text>
              </HStack>
            ) : null}
            {location ? (
              <HStack gap="1.5">
                <Icon as={LuMapPin} aria-hidden />
                <Text>{location}</Text>
              </HStack>
            ) : null}
            {dates ? (
              <HStack gap="1.5" data-testid="application-dates">
                <Icon as={LuCalendar} aria-hidden />
                {dates}
              </HStack>
            ) : null}
          </HStack>
          {actions ? (
            // Above the overlay link, so these buttons stay clickable.
            <Stack direction="row" gap="2" wrap="wrap" pt="1" position="relative" zIndex="1">
              {actions}
            </Stack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

export function AppliedBadge() {
  const { t } = useTranslation('applications');
  return (
    <Badge colorPalette="green" variant="subtle" data-testid="applied-badge">
      {t('card.applied')}
    </Badge>
  );
}
