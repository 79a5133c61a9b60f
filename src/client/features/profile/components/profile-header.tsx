import { Avatar, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuUser } from 'react-icons/lu';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';

export function fullName(profile: Pick<StudentProfile, 'firstName' | 'lastName'>): string {
  return [profile.firstName, profile.lastName].filter((part) => part?.trim()).join(' ');
}

/** The account page's header: the full name and a placeholder avatar (spec section 2). */
export function ProfileHeader({ profile }: { profile: StudentProfile }) {
  const { t } = useTranslation('account');
  const name = fullName(profile);
  return (
    <HStack gap={{ base: '3', md: '5' }} align="center">
      <Avatar.Root size={{ base: 'xl', md: '2xl' }} colorPalette="brand" aria-label={t('page.avatarLabel')} role="img">
        <Avatar.Fallback>
          <LuUser aria-hidden />
        </Avatar.Fallback>
      </Avatar.Root>
      <Stack gap="0.5" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="profile-full-name" wordBreak="break-word">
          {name || t('page.noName')}
        </Heading>
        <Text color="fg.muted" truncate>
          {profile.email}
        </Text>
      </Stack>
    </HStack>
  );
}
