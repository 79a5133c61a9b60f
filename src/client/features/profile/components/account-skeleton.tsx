import { Card, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while the profile loads: the header and four section cards. */
export function AccountSkeleton() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="6" role="status" aria-live="polite" data-testid="account-skeleton">
      <VisuallyHidden>{t('page.loading')}</VisuallyHidden>
      <HStack gap="4">
        <SkeletonCircle size="16" />
        <Stack gap="2" flex="1">
          <Skeleton h="8" w="60%" />
          <Skeleton h="4" w="40%" />
        </Stack>
      </HStack>
      {[0, 1, 2, 3].map((index) => (
        <Card.Root key={index} variant="outline">
          <Card.Body gap="3">
            <Skeleton h="5" w="40" />
            {index === 0 ? <SkeletonText noOfLines={4} gap="3" /> : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
