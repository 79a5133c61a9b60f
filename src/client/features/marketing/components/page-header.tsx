import { Breadcrumb, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Extra line under the description (e.g. "Last updated"). */
  meta?: ReactNode;
  /** Intermediate breadcrumb step between Home and this page. */
  parent?: { label: string; to: string };
}

/** Breadcrumb, h1 and lead paragraph of an info or legal page; also sets the document title. */
export function PageHeader({ title, description, meta, parent }: PageHeaderProps) {
  const { t } = useTranslation('marketing');
  return (
    <Stack gap="4" mb={{ base: '8', md: '12' }}>
      <title>{`${title} · ${t('common:appName')}`}</title>
      <Breadcrumb.Root aria-label={t('info.breadcrumb')} size="sm">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/">{t('info.home')}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {parent ? (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={parent.to}>{parent.label}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
            </>
          ) : null}
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{title}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="tight" lineHeight="1.1" textWrap="balance">
        {title}
      </Heading>
      {description ? (
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" textWrap="pretty">
          {description}
        </Text>
      ) : null}
      {meta}
    </Stack>
  );
}
