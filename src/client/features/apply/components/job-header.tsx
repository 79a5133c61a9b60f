import { Badge, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMapPin } from 'react-icons/lu';
import { typeStage } from '../../jobs/index.ts';
import { OrganizationLogo } from '../../jobs/index.ts';

interface JobHeaderProps {
  title: string;
  organization: { name: string; logo: string | null } | null;
  type: string | null;
  location: string | null;
}

/** Spec section 2: the organization logo (or a fallback icon), the title, the organization, type and location badges. */
export function JobHeader({ title, organization, type, location }: JobHeaderProps) {
  const { t } = useTranslation('jobs');
  // The partner's free text; the two stages every student knows are shown in the interface language.
  const stage = typeStage(type);
  return (
    <HStack gap="4" align="flex-start" data-testid="apply-job-header">
      <OrganizationLogo src={organization?.logo ?? null} name={organization?.name ?? ''} />
      <Stack gap="1.5" minW="0">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
          {title}
        </Heading>
        {organization?.name ? (
          <Text color="fg.muted" fontWeight="medium">
            {organization.name}
          </Text>
        ) : null}
        <Flex gap="2" wrap="wrap">
          {type ? (
            <Badge colorPalette="brand" variant="subtle">
              {stage ? t(`card.badge.${stage}`) : type}
            </Badge>
          ) : null}
          {location ? (
            <Badge variant="outline" colorPalette="gray">
              <LuMapPin aria-hidden />
              {location}
            </Badge>
          ) : null}
        </Flex>
      </Stack>
    </HStack>
  );
}
