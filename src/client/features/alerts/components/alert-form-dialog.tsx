import { Alert, CloseButton, Dialog, Field, Input, Portal, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AlertChannel,
  type AlertFrequency,
  alertFrequencies,
  maxAlertNameLength,
} from '../../../../shared/alerts/alerts-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import '../alerts-i18n.ts';
import { AlertChannelsField } from './alert-channels-field.tsx';

export type AlertFormValues = {
  name: string;
  frequency: AlertFrequency;
  channels: AlertChannel[];
  instant: boolean;
};

interface AlertFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The search in words (read only here: the filters are changed on the board). */
  summary: string;
  initial: AlertFormValues;
  submitLabel: string;
  /** Saves; a rejection is shown in the dialog, which stays open. */
  onSubmit: (values: AlertFormValues) => Promise<void>;
}

/** The alert's name, schedule and channels, to create one from the board or edit one on the alerts page. */
export function AlertFormDialog({
  open,
  onOpenChange,
  title,
  summary,
  initial,
  submitLabel,
  onSubmit,
}: AlertFormDialogProps) {
  const { t } = useTranslation('alerts');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { form: useId(), frequency: useId(), instantHelp: useId() };
  const nameMissing = values.name.trim() === '';
  const channelsMissing = values.channels.length === 0;
  const pushChosen = values.channels.includes('push');

  const update = (changes: Partial<AlertFormValues>) => {
    setFailure(null);
    setValues((current) => {
      const next = { ...current, ...changes };
      // Sending as jobs appear is a push: without push it goes off.
      return next.channels.includes('push') ? next : { ...next, instant: false };
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameMissing || channelsMissing) return;
    setBusy(true);
    try {
      await onSubmit({ ...values, name: values.name.trim() });
      onOpenChange(false);
    } catch (error) {
      setFailure(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          <Dialog.Content data-testid="alert-dialog">
            <Dialog.Header pe="14">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={ids.form} onSubmit={(event) => void submit(event)} noValidate>
                <Stack gap="5">
                  <Stack gap="1">
                    <Text textStyle="sm" fontWeight="medium">
                      {t('form.search')}
                    </Text>
                    <Text textStyle="sm" color="fg.muted" data-testid="alert-dialog-summary">
                      {summary}
                    </Text>
                  </Stack>
                  <Field.Root required invalid={touched && nameMissing}>
                    <Field.Label>{t('form.name')}</Field.Label>
                    <Input
                      value={values.name}
                      maxLength={maxAlertNameLength}
                      onChange={(event) => update({ name: event.target.value })}
                      minH="11"
                      autoComplete="off"
                      data-testid="alert-name"
                    />
                    {touched && nameMissing ? (
                      <Field.ErrorText>{t('form.nameRequired')}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>{t('form.nameHelp')}</Field.HelperText>
                    )}
                  </Field.Root>
                  <RadioGroup.Root
                    value={values.frequency}
                    onValueChange={(details) => {
                      const frequency = alertFrequencies.find((value) => value === details.value);
                      if (frequency) update({ frequency });
                    }}
                    aria-labelledby={ids.frequency}
                    colorPalette="brand"
                  >
                    <Stack gap="1">
                      <Text id={ids.frequency} textStyle="sm" fontWeight="medium">
                        {t('form.frequency')}
                      </Text>
                      <Stack direction={{ base: 'column', sm: 'row' }} columnGap="6" gap="1">
                        {alertFrequencies.map((frequency) => (
                          <RadioGroup.Item
                            key={frequency}
                            value={frequency}
                            minH="11"
                            data-testid={`alert-frequency-${frequency}`}
                          >
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>
                              {t(`form.${frequency}`)}{' '}
                              <Text as="span" color="fg.muted">
                                ({t(`form.${frequency}Help`)})
                              </Text>
                            </RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </Stack>
                    </Stack>
                  </RadioGroup.Root>
                  <AlertChannelsField
                    value={values.channels}
                    onChange={(channels) => update({ channels })}
                    invalid={touched && channelsMissing}
                  />
                  <Stack gap="1">
                    <Switch.Root
                      checked={values.instant}
                      disabled={!pushChosen}
                      onCheckedChange={(details) => update({ instant: details.checked })}
                      colorPalette="brand"
                      minH="11"
                      aria-describedby={ids.instantHelp}
                      data-testid="alert-instant"
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>{t('form.instant')}</Switch.Label>
                    </Switch.Root>
                    <Text id={ids.instantHelp} textStyle="xs" color="fg.muted">
                      {pushChosen ? t('form.instantHelp') : t('form.instantNeedsPush')}
                    </Text>
                  </Stack>
                  {failure ? (
                    <Alert.Root status="error" role="alert" data-testid="alert-dialog-error">
                      <Alert.Indicator />
                      <Alert.Description>{failure}</Alert.Description>
                    </Alert.Root>
                  ) : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11">
                  {t('form.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={ids.form} minH="11" loading={busy} data-testid="alert-save">
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('form.close')} minW="11" minH="11" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
