import { Checkbox, CheckboxGroup, Fieldset, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertChannels, type AlertChannel } from '../../../../shared/alerts/alerts-api.ts';
import { PushNotice, usePushNotifications } from '../../push/index.ts';
import '../alerts-i18n.ts';

interface AlertChannelsFieldProps {
  value: AlertChannel[];
  onChange: (channels: AlertChannel[]) => void;
  invalid: boolean;
}

/**
 * How an alert is sent: e-mail and/or push. The one place that offers the channels, so that turning push on (asking
 * the browser's permission, subscribing this device) is added here and nowhere else.
 */
export function AlertChannelsField({ value, onChange, invalid }: AlertChannelsFieldProps) {
  const { t } = useTranslation('alerts');
  const push = usePushNotifications();
  const [triedPush, setTriedPush] = useState(false);

  function change(next: AlertChannel[]) {
    onChange(next);
    if (!next.includes('push') || value.includes('push') || push.state.status === 'on') return;
    // The student chose push for an alert: now, from their click, the browser may ask its permission and this
    // device subscribes. The choice stands either way (their other devices may get it); a notice below says when
    // this one cannot.
    setTriedPush(true);
    void push.turnOn();
  }

  return (
    <Fieldset.Root invalid={invalid}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {t('form.channels')}
      </Fieldset.Legend>
      <CheckboxGroup
        value={value}
        onValueChange={(next) => change(alertChannels.filter((channel) => next.includes(channel)))}
        name="channels"
      >
        <Stack gap="1" direction={{ base: 'column', sm: 'row' }} columnGap="6">
          {alertChannels.map((channel) => (
            <Checkbox.Root
              key={channel}
              value={channel}
              minH="11"
              colorPalette="brand"
              disabled={channel === 'push' && push.busy}
              data-testid={`alert-channel-${channel}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`form.${channel}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </CheckboxGroup>
      {invalid ? <Fieldset.ErrorText>{t('form.channelsRequired')}</Fieldset.ErrorText> : null}
      {triedPush || value.includes('push') ? <PushNotice view={push} /> : null}
    </Fieldset.Root>
  );
}
