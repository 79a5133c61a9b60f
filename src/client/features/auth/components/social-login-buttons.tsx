import { Badge, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FaApple, FaLinkedin } from 'react-icons/fa';
import { FcGoogle } from 'react-icons/fc';
import { LuMail } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';

interface SocialLoginButtonsProps {
  onGoogle: () => void;
  onEmail: () => void;
  googleLoading: boolean;
}

/** Google and email are live; LinkedIn and Apple are shown disabled and marked "coming soon". */
export function SocialLoginButtons({ onGoogle, onEmail, googleLoading }: SocialLoginButtonsProps) {
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
        <FaLinkedin aria-hidden />
        {t('signIn.continueWithLinkedIn')}
        <Badge size="sm" variant="subtle" colorPalette="gray">
          {t('signIn.comingSoon')}
        </Badge>
      </Button>
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
        <FaApple aria-hidden />
        {t('signIn.continueWithApple')}
        <Badge size="sm" variant="subtle" colorPalette="gray">
          {t('signIn.comingSoon')}
        </Badge>
      </Button>
    </Stack>
  );
}
