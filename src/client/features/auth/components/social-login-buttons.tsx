import { Badge, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaApple, FaLinkedin } from 'react-icons/fa';
import { FcGoogle } from 'react-icons/fc';
import { LuMail } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';

interface SocialLoginButtonsProps {
  onGoogle: () => void;
  onEmail: () => void;
  googleLoading: boolean;
  showComingSoon: boolean;
}

/** A provider not offered yet: disabled, marked "coming soon". */
function ComingSoonButton({ icon, label }: { icon: ReactNode; label: string }) {
  const { t } = useTranslation('auth');
  return (
    <Button
      variant="outline"
      size="lg"
      w="full"
      h="auto"
      minH="11"
      py="2"
      whiteSpace="normal"
      flexWrap="wrap"
      rowGap="1"
      justifyContent="center"
      disabled
    >
      {icon}
      {label}
      <Badge size="sm" variant="subtle" colorPalette="gray">
        {t('signIn.comingSoon')}
      </Badge>
    </Button>
  );
}

/** Google and email are live; LinkedIn and Apple are shown disabled and marked "coming soon" where asked. */
export function SocialLoginButtons({ onGoogle, onEmail, googleLoading, showComingSoon }: SocialLoginButtonsProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="3">
      <Button variant="outline" size="lg" w="full" justifyContent="center" onClick={onGoogle} loading={googleLoading}>
        <FcGoogle aria-hidden />
        {t('signIn.continueWithGoogle')}
      </Button>
      <Button variant="outline" size="lg" w="full" justifyContent="center" onClick={onEmail} disabled={googleLoading}>
        <LuMail aria-hidden />
        {t('signIn.continueWithEmail')}
      </Button>
      {showComingSoon ? (
        <>
          <ComingSoonButton icon={<FaLinkedin aria-hidden />} label={t('signIn.continueWithLinkedIn')} />
          <ComingSoonButton icon={<FaApple aria-hidden />} label={t('signIn.continueWithApple')} />
        </>
      ) : null}
    </Stack>
  );
}
