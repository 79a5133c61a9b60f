import { Container, Link, Separator, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { usePublicLinks } from '../hooks/use-public-links.ts';
import { ContentSections, type ContentSection } from './content-sections.tsx';
import { PageHeader } from './page-header.tsx';

/** Terms of Service or Privacy Policy, from marketing:legal.<document>. */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('marketing');
  const { supportEmail } = usePublicLinks();
  const sections = t(`legal.${document}.sections`, { returnObjects: true }) as ContentSection[];

  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <PageHeader
        title={t(`legal.${document}.title`)}
        description={t(`legal.${document}.intro`)}
        meta={
          <Text fontSize="sm" color="fg.muted">
            {t('legal.lastUpdated', { date: t('legal.updatedOn') })}
          </Text>
        }
      />
      <ContentSections sections={sections} />
      <Separator my="10" borderColor="border.muted" />
      <Text color="fg.muted">
        <Trans
          t={t}
          i18nKey="legal.contact"
          values={{ email: supportEmail }}
          components={{ mail: <Link href={`mailto:${supportEmail}`} color="brand.fg" fontWeight="medium" /> }}
        />
      </Text>
    </Container>
  );
}
