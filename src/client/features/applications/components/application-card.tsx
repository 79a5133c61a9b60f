import { Badge, Card, Flex, HStack, Icon, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBriefcase, LuExternalLink, LuMapPin } from 'react-icons/lu';

interface ApplicationCardProps {
  jobId: string;
  title: string;
  organizationName: string | null;
  type: string | null;
  location: string | null;
  /** 'Applied', or the outbox state of an application not confirmed yet. */
  badge: ReactNode;
}

/** One application (spec section 2): title, badge, organization (or 'Unknown Organization'), type and location. */
export function ApplicationCard({ jobId, title, organizationName, type, location, badge }: ApplicationCardProps) {
  const { t } = useTranslation('applications');
  return (
    <LinkBox as="li" listStyleType="none" data-testid="application-card">
      <Card.Root variant="outline" h="full" _hover={{ borderColor: 'brand.border', shadow: 'sm' }} transition="all 0.15s">
        <Card.Body gap="2">
          <Flex justify="space-between" align="flex-start" gap="3">
            <LinkOverlay href={`/jobs/${encodeURIComponent(jobId)}`} target="_blank" rel="noopener">
              <Text as="h2" fontWeight="semibold" textStyle="md" wordBreak="break-word">
                {title}
              </Text>
            </LinkOverlay>
            <HStack gap="2" flexShrink={0}>
              {badge}
              <Icon as={LuExternalLink} color="fg.subtle" boxSize="4" aria-label={t('card.opensInNewTab')} />
            </HStack>
          </Flex>
          <Text color="fg.muted">{organizationName ?? t('card.unknownOrganization')}</Text>
          <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
            {type ? (
              <HStack gap="1.5">
                <Icon as={LuBriefcase} aria-hidden />
                <Text>{type}</Text>
              </HStack>
            ) : null}
            {location ? (
              <HStack gap="1.5">
                <Icon as={LuMapPin} aria-hidden />
                <Text>{location}</Text>
              </HStack>
            ) : null}
          </HStack>
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
