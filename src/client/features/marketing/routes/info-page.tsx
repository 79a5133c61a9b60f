import {
  Box,
  Container,
  Flex,
  Heading,
  Icon,
  Link,
  LinkBox,
  LinkOverlay,
  Separator,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { IconType } from 'react-icons';
import { FaGithub } from 'react-icons/fa6';
import { LuArrowLeft, LuArrowRight, LuBuilding2, LuLifeBuoy, LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { InfoPageSlug } from '../../../../shared/client-routes.ts';
import { ContentSections, type ContentSection } from '../components/content-sections.tsx';
import { hoverCardStyle } from '../components/marketing-styles.ts';
import { PageHeader } from '../components/page-header.tsx';
import { usePublicLinks, type PublicLinks } from '../hooks/use-public-links.ts';

export type { InfoPageSlug };

// i18next reads dots as nesting, so slugs such as "CONTRIBUTING.md" map to plain keys under marketing:info.pages.
const contentKeyBySlug = {
  catalog: 'catalog',
  pricing: 'pricing',
  blog: 'blog',
  'blog/lovable-case-study': 'lovableCaseStudy',
  origin: 'origin',
  'mission-value': 'missionValue',
  team: 'team',
  careers: 'careers',
  sustainability: 'sustainability',
  contact: 'contact',
  'metric-benchmark': 'metricBenchmark',
  'press-release': 'pressRelease',
  'fox-profile': 'foxProfile',
  'fox-comics': 'foxComics',
  'fox-shop': 'foxShop',
  'docs/CODE_OF_CONDUCT.md': 'codeOfConduct',
  'CONTRIBUTING.md': 'contributing',
} as const satisfies Record<InfoPageSlug, string>;

function BlogPostCard() {
  const { t } = useTranslation('marketing');
  return (
    <LinkBox as="article" mt="10" {...hoverCardStyle}>
      <Heading as="h2" fontSize="xl" letterSpacing="tight">
        <LinkOverlay asChild>
          <RouterLink to="/blog/lovable-case-study">{t('info.pages.lovableCaseStudy.title')}</RouterLink>
        </LinkOverlay>
      </Heading>
      <Text color="fg.muted" mt="2">
        {t('info.pages.lovableCaseStudy.description')}
      </Text>
      <Flex align="center" gap="1.5" mt="4" color="brand.fg" fontWeight="semibold" fontSize="sm" aria-hidden="true">
        {t('info.pages.blog.readPost')}
        <Icon as={LuArrowRight} />
      </Flex>
    </LinkBox>
  );
}

function ContactLinks({ links }: { links: PublicLinks }) {
  const { t } = useTranslation('marketing');
  const entries: { key: string; label: string; href: string; text: string; icon: IconType; external: boolean }[] = [
    {
      key: 'support',
      label: t('info.pages.contact.support'),
      href: `mailto:${links.supportEmail}`,
      text: links.supportEmail,
      icon: LuLifeBuoy,
      external: false,
    },
    {
      key: 'feedback',
      label: t('info.pages.contact.feedback'),
      href: `mailto:${links.feedbackEmail}`,
      text: links.feedbackEmail,
      icon: LuMessageSquare,
      external: false,
    },
    {
      key: 'issues',
      label: t('info.pages.contact.issues'),
      href: `${links.repositoryUrl}/issues`,
      text: `${links.repositoryUrl.replace(/^https?:\/\//, '')}/issues`,
      icon: FaGithub,
      external: true,
    },
    {
      key: 'portal',
      label: t('info.pages.contact.companyPortal'),
      href: links.companyPortalUrl,
      text: links.companyPortalUrl.replace(/^https?:\/\//, ''),
      icon: LuBuilding2,
      external: true,
    },
  ];
  return (
    <Stack as="ul" listStyleType="none" gap="3" mt="8">
      {entries.map((entry) => (
        <Flex
          as="li"
          key={entry.key}
          gap="4"
          p="4"
          rounded="lg"
          borderWidth="1px"
          borderColor="border.muted"
          align="center"
        >
          <Flex
            boxSize="10"
            flexShrink={0}
            rounded="md"
            bg="brand.subtle"
            color="brand.fg"
            align="center"
            justify="center"
          >
            <Icon as={entry.icon} boxSize="5" />
          </Flex>
          <Box minW="0">
            <Text fontWeight="semibold">{entry.label}</Text>
            <Link
              href={entry.href}
              color="brand.fg"
              fontSize="sm"
              wordBreak="break-all"
              {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {entry.text}
              {entry.external ? <VisuallyHidden>{` (${t('common:externalLink')})`}</VisuallyHidden> : null}
            </Link>
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/** One tidy page per menu slug: title, lead and a few short sections from marketing:info.pages.<key>. */
export default function InfoPage({ slug }: { slug: InfoPageSlug }) {
  const { t } = useTranslation('marketing');
  const links = usePublicLinks();
  const key = contentKeyBySlug[slug];
  const sections = t(`info.pages.${key}.sections`, { returnObjects: true }) as ContentSection[];
  const parent = key === 'lovableCaseStudy' ? { label: t('info.pages.blog.title'), to: '/blog' } : undefined;

  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <PageHeader
        title={t(`info.pages.${key}.title`)}
        description={t(`info.pages.${key}.description`)}
        parent={parent}
      />
      <ContentSections sections={sections} />
      {key === 'blog' ? <BlogPostCard /> : null}
      {key === 'contact' ? <ContactLinks links={links} /> : null}
      <Separator my="10" borderColor="border.muted" />
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to="/">
          <LuArrowLeft aria-hidden="true" />
          {t('info.backHome')}
        </RouterLink>
      </Link>
    </Container>
  );
}
