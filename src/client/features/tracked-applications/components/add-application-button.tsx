import { Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import {
  isJobPostingUrl,
  maxTrackedTextLength,
  maxTrackedUrlLength,
} from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import type { NewTrackedApplication } from '../hooks/use-tracked-applications.ts';
import { textPolicyKey } from '../text-policy-key.ts';
import { TrackedFormDialog } from './tracked-form-dialog.tsx';

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const today = () => dayOf(new Date());
/** The earliest application date the server takes (five years back), with a day to spare. */
const earliest = () => dayOf(new Date(Date.now() - 5 * 365 * 86_400_000));

/** "Add an application": one sent on a site the board does not list (company, title, link, date). */
export function AddApplicationButton({ onAdd }: { onAdd: (application: NewTrackedApplication) => Promise<string> }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ company: '', title: '', url: '', appliedOn: today() });
  const [touched, setTouched] = useState(false);
  const formId = useId();
  // What the server's text policy would refuse, said in the field before sending (it refuses it again if sent).
  const policy = {
    company: textPolicyKey(values.company),
    title: textPolicyKey(values.title),
    url: textPolicyKey(values.url),
  };
  const missing = {
    company: values.company.trim() === '' || policy.company !== null,
    title: values.title.trim() === '' || policy.title !== null,
    url: policy.url !== null || !isJobPostingUrl(values.url.trim()),
    appliedOn: values.appliedOn < earliest() || values.appliedOn > today(),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (missing.company || missing.title || missing.url || missing.appliedOn) return;
    const appliedOn = values.appliedOn === today() ? undefined : new Date(`${values.appliedOn}T12:00:00`).toISOString();
    await onAdd({
      company: values.company.trim(),
      title: values.title.trim(),
      url: values.url.trim(),
      ...(appliedOn ? { appliedAt: appliedOn } : {}),
    });
    toaster.create({ type: 'success', title: t('tracker.added') });
    setValues({ company: '', title: '', url: '', appliedOn: today() });
    setTouched(false);
    setOpen(false);
  }

  const field = (name: 'company' | 'title' | 'url', label: string, error: string, maxLength: number) => (
    <Field.Root required invalid={touched && missing[name]}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={values[name]}
        maxLength={maxLength}
        type={name === 'url' ? 'url' : 'text'}
        inputMode={name === 'url' ? 'url' : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        minH="11"
        autoComplete="off"
        data-testid={`tracked-${name}`}
      />
      {touched && missing[name] ? <Field.ErrorText>{policy[name] ? t(policy[name]) : error}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <>
      <Button variant="outline" minH="11" onClick={() => setOpen(true)} data-testid="add-tracked">
        <LuPlus aria-hidden />
        {t('tracker.add')}
      </Button>
      <TrackedFormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('tracker.addTitle')}
        formId={formId}
        onSubmit={(event) => void submit(event)}
        testId="add-tracked-dialog"
      >
        <Stack gap="4">
          {field('company', t('tracker.company'), t('tracker.required'), maxTrackedTextLength)}
          {field('title', t('tracker.jobTitle'), t('tracker.required'), maxTrackedTextLength)}
          {field('url', t('tracker.url'), t('tracker.urlInvalid'), maxTrackedUrlLength)}
          <Field.Root invalid={touched && missing.appliedOn}>
            <Field.Label>{t('tracker.appliedOn')}</Field.Label>
            <Input
              type="date"
              value={values.appliedOn}
              min={earliest()}
              max={today()}
              data-testid="tracked-applied-on"
              onChange={(event) => setValues((current) => ({ ...current, appliedOn: event.target.value || today() }))}
              minH="11"
            />
            {touched && missing.appliedOn ? <Field.ErrorText>{t('tracker.appliedOnInvalid')}</Field.ErrorText> : null}
          </Field.Root>
        </Stack>
      </TrackedFormDialog>
    </>
  );
}
