import '../moderation-i18n.ts';
import { Alert, CloseButton, Dialog, Field, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportReason, reportReasons, reportTextMaxLength } from '../../../../shared/moderation/moderation-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText, errorCodeOf } from '../../../lib/api-error-text.ts';
import { reportJob } from '../api/report-job.ts';

type Outcome = 'sent' | 'already';

interface ReportJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: string;
  title: string;
}

/** "Report this job": a reason and optional details, sent once; a second report says it was already received. */
export default function ReportJobDialog({ open, onOpenChange, jobId, title }: ReportJobDialogProps) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = { form: useId(), reason: useId(), help: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!reason) return;
    setBusy(true);
    setFailure(null);
    try {
      await reportJob(jobId, { reason, text: text.trim() });
      setOutcome('sent');
    } catch (error) {
      if (errorCodeOf(error) === 'already_reported') setOutcome('already');
      else setFailure(apiErrorText(t, error));
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
          <Dialog.Content data-testid="report-dialog">
            <Dialog.Header pe="14">
              <Dialog.Title>{t('report.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {outcome ? (
                <Alert.Root status={outcome === 'sent' ? 'success' : 'info'} role="status" data-testid="report-outcome">
                  <Alert.Indicator />
                  <Alert.Description>{t(outcome === 'sent' ? 'report.sent' : 'report.already')}</Alert.Description>
                </Alert.Root>
              ) : (
                <form id={ids.form} onSubmit={(event) => void submit(event)} noValidate>
                  <Stack gap="5">
                    <Text textStyle="sm" color="fg.muted">
                      {t('report.intro', { title })}
                    </Text>
                    <Field.Root required invalid={touched && !reason}>
                      <RadioGroup.Root
                        value={reason}
                        onValueChange={(details) => {
                          const chosen = reportReasons.find((value) => value === details.value);
                          if (chosen) setReason(chosen);
                        }}
                        aria-labelledby={ids.reason}
                        colorPalette="brand"
                      >
                        <Stack gap="1">
                          <Text id={ids.reason} textStyle="sm" fontWeight="medium">
                            {t('report.reasonLabel')}
                          </Text>
                          {reportReasons.map((value) => (
                            <RadioGroup.Item key={value} value={value} minH="11" data-testid={`report-reason-${value}`}>
                              <RadioGroup.ItemHiddenInput />
                              <RadioGroup.ItemIndicator />
                              <RadioGroup.ItemText>{t(`report.reasons.${value}`)}</RadioGroup.ItemText>
                            </RadioGroup.Item>
                          ))}
                        </Stack>
                      </RadioGroup.Root>
                      {touched && !reason ? <Field.ErrorText>{t('report.reasonRequired')}</Field.ErrorText> : null}
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{t('report.textLabel')}</Field.Label>
                      <Textarea
                        value={text}
                        maxLength={reportTextMaxLength}
                        onChange={(event) => setText(event.target.value)}
                        rows={4}
                        aria-describedby={ids.help}
                        data-testid="report-text"
                      />
                      <Field.HelperText id={ids.help}>
                        {t('report.textHelp', { max: reportTextMaxLength })}
                      </Field.HelperText>
                    </Field.Root>
                    {failure ? (
                      <Alert.Root status="error" role="alert" data-testid="report-error">
                        <Alert.Indicator />
                        <Alert.Description>{failure}</Alert.Description>
                      </Alert.Root>
                    ) : null}
                  </Stack>
                </form>
              )}
            </Dialog.Body>
            <Dialog.Footer gap="3">
              {outcome ? (
                <Dialog.ActionTrigger asChild>
                  <Button minH="11" data-testid="report-done">
                    {t('report.done')}
                  </Button>
                </Dialog.ActionTrigger>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" minH="11">
                      {t('report.cancel')}
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" form={ids.form} minH="11" loading={busy} data-testid="report-send">
                    {t('report.send')}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('report.close')} minW="11" minH="11" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
