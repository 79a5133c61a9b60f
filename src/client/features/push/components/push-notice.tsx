import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBellOff, LuSmartphone, LuTriangleAlert } from 'react-icons/lu';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import type { PushView } from '../hooks/use-push-notifications.ts';
import '../push-i18n.ts';

/**
 * Why push notifications cannot be on in this browser, and what the student can do: allow them in the browser's
 * settings, add the app to the Home Screen on iPhone and iPad, or rely on e-mail. Nothing when push can be used.
 */
export function PushNotice({ view }: { view: Pick<PushView, 'state' | 'error'> }) {
  const { t } = useTranslation('push');
  const status = view.state.status;
  if (view.error) {
    return (
      <Alert.Root status="error" variant="subtle" size="sm" data-testid="push-notice" data-reason="failed">
        <Alert.Indicator>
          <LuTriangleAlert />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{t('notice.failed.title')}</Alert.Title>
          <Alert.Description>{apiErrorText(t, view.error)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (status !== 'denied' && status !== 'unsupported' && status !== 'needs-home-screen') return null;
  const key = status === 'needs-home-screen' ? 'homeScreen' : status;
  return (
    <Alert.Root status="info" variant="subtle" size="sm" data-testid="push-notice" data-reason={status}>
      <Alert.Indicator>{status === 'needs-home-screen' ? <LuSmartphone /> : <LuBellOff />}</Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{t(`notice.${key}.title`)}</Alert.Title>
        <Alert.Description>{t(`notice.${key}.body`)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
