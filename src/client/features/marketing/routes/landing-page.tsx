import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  Link,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { IconType } from 'react-icons';
import { FaGithub } from 'react-icons/fa6';
import {
  LuArrowRight,
  LuBadgeCheck,
  LuBrainCircuit,
  LuCalendarCheck,
  LuChartPie,
  LuFileText,
  LuGitCommitHorizontal,
  LuHeart,
  LuLanguages,
  LuLink,
  LuMap,
  LuTrophy,
  LuUsers,
  LuWifiOff,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ExternalLinkButton } from '../components/external-link-button.tsx';
import { JobListPreview } from '../components/job-list-preview.tsx';
import { hoverCardStyle } from '../components/marketing-styles.ts';
import { SectionHeading } from '../components/section-heading.tsx';
import { usePublicLinks, type PublicLinks } from '../hooks/use-public-links.ts';

type FeatureKey =
  | 'contributionTracking'
  | 'activityDays'
  | 'languageCharts'
  | 'hackathonCheck'
  | 'networkCheck'
  | 'candidateRanking'
  | 'coverLetter';

const studentFeatures: { key: FeatureKey; icon: IconType }[] = [
  { key: 'contributionTracking', icon: LuGitCommitHorizontal },
  { key: 'activityDays', icon: LuCalendarCheck },
  { key: 'languageCharts', icon: LuChartPie },
  { key: 'hackathonCheck', icon: LuTrophy },
  { key: 'networkCheck', icon: LuLink },
];

const companyFeatures: { key: FeatureKey; icon: IconType }[] = [
  { key: 'candidateRanking', icon: LuBrainCircuit },
  { key: 'coverLetter', icon: LuFileText },
];

const highlights: { key: 'free' | 'offline' | 'languages'; icon: IconType }[] = [
  { key: 'free', icon: LuHeart },
  { key: 'offline', icon: LuWifiOff },
  { key: 'languages', icon: LuLanguages },
];

/** The three community calls to action; `tone` adapts them to the light hero or the dark closing band. */
function CommunityActions({ links, tone }: { links: PublicLinks; tone: 'light' | 'dark' }) {
  const { t } = useTranslation('marketing');
  const dark = tone === 'dark';
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap" justify={dark ? 'center' : 'flex-start'}>
      {/* In the hero the job board is the main call to action; the repository star comes second. */}
      {dark ? null : (
        <Button asChild size="lg" colorPalette="brand">
          <RouterLink to="/jobs">
            {t('cta.browseJobs')}
            <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      )}
      <ExternalLinkButton
        href={links.repositoryUrl}
        size="lg"
        colorPalette={dark ? 'gray' : 'brand'}
        variant={dark ? 'solid' : 'outline'}
        bg={dark ? 'white' : 'bg'}
        color={dark ? 'gray.900' : undefined}
        _hover={dark ? { bg: 'gray.100' } : undefined}
      >
        <FaGithub aria-hidden="true" />
        {t('cta.star')}
      </ExternalLinkButton>
      {[
        { key: 'join' as const, href: links.communityUrl, icon: LuUsers },
        { key: 'roadmap' as const, href: links.roadmapUrl, icon: LuMap },
      ].map((action) => (
        <ExternalLinkButton
          key={action.key}
          href={action.href}
          size="lg"
          variant="outline"
          colorPalette="gray"
          bg={dark ? 'transparent' : 'bg'}
          color={dark ? 'white' : undefined}
          borderColor={dark ? 'whiteAlpha.400' : undefined}
          _hover={dark ? { bg: 'whiteAlpha.100' } : undefined}
        >
          <action.icon aria-hidden="true" />
          {t(`cta.${action.key}`)}
        </ExternalLinkButton>
      ))}
    </Flex>
  );
}

function FeatureCard({ featureKey, icon }: { featureKey: FeatureKey; icon: IconType }) {
  const { t } = useTranslation('marketing');
  return (
    <Stack as="li" gap="3" {...hoverCardStyle}>
      <Flex boxSize="11" rounded="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
        <Icon as={icon} boxSize="5" />
      </Flex>
      <Heading as="h4" fontSize="lg" fontWeight="semibold">
        {t(`landing.features.items.${featureKey}.title`)}
      </Heading>
      <Text color="fg.muted" fontSize="sm" lineHeight="tall">
        {t(`landing.features.items.${featureKey}.description`)}
      </Text>
    </Stack>
  );
}

export function LandingPage() {
  const { t } = useTranslation('marketing');
  const links = usePublicLinks();
  const tourSteps = t('landing.tour.steps', { returnObjects: true }) as { title: string; description: string }[];

  return (
    <>
      <title>{`${t('common:appName')} · ${t('landing.documentTitle')}`}</title>

      {/* Hero */}
      <Box
        as="section"
        aria-labelledby="hero-title"
        bgGradient="to-b"
        gradientFrom="brand.subtle"
        gradientTo="bg"
        overflow="hidden"
      >
        <Container maxW="7xl" pt={{ base: '12', md: '20' }} pb={{ base: '16', md: '24' }}>
          <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '12', lg: '16' }} align="center">
            <Stack gap="6" flex="1.3" minW="0">
              <Badge alignSelf="flex-start" size="lg" variant="surface" colorPalette="brand" rounded="full" px="3">
                {t('landing.hero.eyebrow')}
              </Badge>
              <Heading
                as="h1"
                id="hero-title"
                fontSize={{ base: '4xl', sm: '5xl', xl: '6xl' }}
                lineHeight="1.05"
                letterSpacing="tighter"
                fontWeight="extrabold"
                textWrap="balance"
              >
                {t('landing.hero.title')}
              </Heading>
              <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl" textWrap="pretty">
                {t('landing.hero.description')}
              </Text>
              <CommunityActions links={links} tone="light" />
              <Text color="fg.muted" fontSize="sm">
                {t('landing.hero.student')}{' '}
                <Link asChild color="brand.fg" fontWeight="semibold">
                  <RouterLink to="/sign-in">
                    {t('cta.findJob')}
                    <LuArrowRight aria-hidden="true" />
                  </RouterLink>
                </Link>
              </Text>
            </Stack>
            <Box flex="1" w="full" minW="0">
              <JobListPreview />
            </Box>
          </Flex>
        </Container>
      </Box>

      {/* Highlights */}
      <Box
        as="section"
        aria-label={t('landing.highlights.label')}
        borderYWidth="1px"
        borderColor="border.muted"
        bg="bg.subtle"
      >
        <Container maxW="7xl" py="10">
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '6', md: '10' }}>
            {highlights.map((item) => (
              <HStack as="li" key={item.key} gap="4" align="flex-start">
                <Flex
                  boxSize="10"
                  flexShrink={0}
                  rounded="full"
                  bg="brand.muted"
                  color="brand.fg"
                  align="center"
                  justify="center"
                >
                  <Icon as={item.icon} boxSize="5" />
                </Flex>
                <Box>
                  <Text fontWeight="semibold">{t(`landing.highlights.${item.key}.title`)}</Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {t(`landing.highlights.${item.key}.description`)}
                  </Text>
                </Box>
              </HStack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      {/* Features */}
      <Box as="section" aria-labelledby="features-title" id="features" scrollMarginTop="16">
        <Container maxW="7xl" py={{ base: '16', md: '24' }}>
          <SectionHeading
            id="features-title"
            eyebrow={t('landing.features.eyebrow')}
            title={t('landing.features.title')}
            description={t('landing.features.description')}
          />
          <Stack gap="12" mt={{ base: '10', md: '14' }}>
            {[
              { id: 'students', items: studentFeatures },
              { id: 'companies', items: companyFeatures },
            ].map((group) => (
              <Box key={group.id}>
                <Heading
                  as="h3"
                  id={`features-${group.id}`}
                  fontSize="xl"
                  mb="5"
                  display="flex"
                  alignItems="center"
                  gap="3"
                >
                  <Box as="span" w="6" h="1" rounded="full" bg="brand.solid" aria-hidden="true" />
                  {t(`landing.features.${group.id}`)}
                </Heading>
                <SimpleGrid
                  as="ul"
                  listStyleType="none"
                  columns={{ base: 1, sm: 2, lg: 3 }}
                  gap="5"
                  aria-labelledby={`features-${group.id}`}
                >
                  {group.items.map((item) => (
                    <FeatureCard key={item.key} featureKey={item.key} icon={item.icon} />
                  ))}
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
          <HStack
            mt="10"
            gap="3"
            p="4"
            rounded="lg"
            bg="bg.muted"
            color="fg.muted"
            fontSize="sm"
            align="flex-start"
            maxW="3xl"
            mx="auto"
          >
            <Icon as={LuBadgeCheck} boxSize="5" color="brand.fg" flexShrink={0} mt="0.5" />
            <Text>
              {t('landing.features.roadmapNote')}{' '}
              <Link
                href={links.roadmapUrl}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.fg"
                fontWeight="medium"
              >
                {t('cta.roadmap')}
                <VisuallyHidden>{` (${t('common:externalLink')})`}</VisuallyHidden>
              </Link>
            </Text>
          </HStack>
        </Container>
      </Box>

      {/* Product tour (linked from the menus as /#product-tour) */}
      <Box
        as="section"
        id="product-tour"
        aria-labelledby="product-tour-title"
        scrollMarginTop="16"
        bg="bg.subtle"
        borderYWidth="1px"
        borderColor="border.muted"
      >
        <Container maxW="7xl" py={{ base: '16', md: '24' }}>
          <SectionHeading
            id="product-tour-title"
            eyebrow={t('landing.tour.eyebrow')}
            title={t('landing.tour.title')}
            description={t('landing.tour.description')}
          />
          <SimpleGrid
            as="ol"
            listStyleType="none"
            columns={{ base: 1, md: 2, xl: 4 }}
            gap="5"
            mt={{ base: '10', md: '14' }}
          >
            {tourSteps.map((step, index) => (
              <Stack
                as="li"
                key={step.title}
                gap="3"
                p="6"
                rounded="xl"
                bg="bg.panel"
                borderWidth="1px"
                borderColor="border.muted"
                position="relative"
              >
                <Flex
                  boxSize="9"
                  rounded="full"
                  bg="brand.solid"
                  color="brand.contrast"
                  fontWeight="bold"
                  align="center"
                  justify="center"
                  aria-hidden="true"
                >
                  {index + 1}
                </Flex>
                <Heading as="h3" fontSize="lg" fontWeight="semibold">
                  {step.title}
                </Heading>
                <Text color="fg.muted" fontSize="sm" lineHeight="tall">
                  {step.description}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      {/* Community */}
      <Box
        as="section"
        aria-labelledby="community-title"
        bg="gray.950"
        color="white"
        position="relative"
        overflow="hidden"
      >
        <Box
          position="absolute"
          top="-32"
          insetX="0"
          mx="auto"
          w="2xl"
          maxW="full"
          h="64"
          bg="brand.500/30"
          filter="blur(80px)"
          rounded="full"
          aria-hidden="true"
        />
        <Container maxW="4xl" py={{ base: '16', md: '24' }} position="relative">
          <Stack gap="8" textAlign="center" align="center">
            <Stack gap="4">
              <Heading
                as="h2"
                id="community-title"
                fontSize={{ base: '3xl', md: '4xl' }}
                letterSpacing="tight"
                textWrap="balance"
              >
                {t('landing.community.title')}
              </Heading>
              <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800" textWrap="pretty">
                {t('landing.community.description')}
              </Text>
            </Stack>
            <CommunityActions links={links} tone="dark" />
            <HStack gap="6" fontSize="sm" wrap="wrap" justify="center">
              <Link asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
                <RouterLink to="/docs/CODE_OF_CONDUCT.md">{t('nav.links.codeOfConduct.title')}</RouterLink>
              </Link>
              <Link asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
                <RouterLink to="/CONTRIBUTING.md">{t('nav.links.contributing.title')}</RouterLink>
              </Link>
            </HStack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
