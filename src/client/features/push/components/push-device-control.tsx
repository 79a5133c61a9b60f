import { HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuBellOff } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { usePushNotifications } from '../hooks/use-push-notifications.ts';
import '../push-i18n.ts';
import { PushNotice } from './push-notice.tsx';

/**
 * "Push notifications on this device: on/off", with the button that changes it. The button that turns push on (and
 * so asks the browser's permission) is offered only when `offerTurnOn` says the student wants push for an alert:
 * the permission is never asked on load.
 */
export function PushDeviceControl({ offerTurnOn }: { offerTurnOn: boolean }) {
  const { t } = useTranslation('push');
  const push = usePushNotifications();
  const status = push.state.status;
  // Nothing to say before the browser is read, nor while no alert asks for push and this device has none.
  if (status === 'checking' || (!offerTurnOn && status !== 'on')) return null;
  const on = status === 'on';
  const canTurnOn = status === 'off' && offerTurnOn;
  return (
    <Stack gap="3" data-testid="push-device" data-state={status}>
      <HStack gap="3" justify="space-between" wrap="wrap">
        <HStack gap="2" minW="0">
          <Icon as={on ? LuBell : LuBellOff} color={on ? 'brand.fg' : 'fg.muted'} aria-hidden />
          <Text textStyle="sm">{t(on ? 'device.on' : 'device.off')}</Text>
        </HStack>
        {on ? (
          <Button variant="outline" minH="11" loading={push.busy} onClick={() => void push.turnOff()}>
            {t('device.turnOff')}
          </Button>
        ) : canTurnOn ? (
          <Button minH="11" loading={push.busy} onClick={() => void push.turnOn()}>
            {t('device.turnOn')}
          </Button>
        ) : null}
      </HStack>
      <PushNotice view={push} />
    </Stack>
  );
}
