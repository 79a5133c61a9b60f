import { Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  maxTrackedNoteLength,
  nextStepInRange,
  type TrackedStage,
  trackedStages,
  type UpdateTrackedApplication,
} from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import type { TrackedView } from '../db/tracked-applications-repository.ts';
import { textPolicyKey } from '../text-policy-key.ts';
import { TrackedFormDialog } from './tracked-form-dialog.tsx';

/** `2026-12-03T15:00` in this device's time zone, as a datetime-local input holds it. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface UpdateTrackedDialogProps {
  application: TrackedView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (change: Omit<UpdateTrackedApplication, 'changedAt'>) => Promise<void>;
}

/** Moves an application to a stage (dated now, with an optional note) and sets or clears its next step. */
export function UpdateTrackedDialog({ application, open, onOpenChange, onSave }: UpdateTrackedDialogProps) {
  const { t } = useTranslation('applications');
  const formId = useId();
  const [stage, setStage] = useState<TrackedStage>(application.stage);
  const [note, setNote] = useState('');
  const [nextStep, setNextStep] = useState(localInputValue(application.nextStepAt));
  const [nextStepInvalid, setNextStepInvalid] = useState(false);
  const [noteProblem, setNoteProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = textPolicyKey(note, 'multi-line');
    setNoteProblem(problem);
    if (problem) return;
    const change: Omit<UpdateTrackedApplication, 'changedAt'> = {};
    if (stage !== application.stage || note.trim() !== '') change.stage = stage;
    if (note.trim() !== '') change.note = note.trim();
    const nextStepAt = nextStep ? new Date(nextStep).toISOString() : null;
    if (nextStepAt !== null && !nextStepInRange(nextStepAt, Date.now())) {
      setNextStepInvalid(true);
      return;
    }
    const same =
      nextStepAt === null
        ? application.nextStepAt === null
        : Date.parse(nextStepAt) === Date.parse(application.nextStepAt ?? '');
    if (!same) change.nextStepAt = nextStepAt;
    if (Object.keys(change).length > 0) await onSave(change);
    setNote('');
    onOpenChange(false);
  }

  return (
    <TrackedFormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setNextStepInvalid(false);
          setStage(application.stage);
          setNextStep(localInputValue(application.nextStepAt));
        }
        onOpenChange(next);
      }}
      title={t('tracker.moveTitle', { title: application.title })}
      formId={formId}
      onSubmit={(event) => void submit(event)}
      testId="update-tracked-dialog"
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t('tracker.stage')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={stage}
              onChange={(event) => setStage(event.target.value as TrackedStage)}
              minH="11"
              data-testid="tracked-stage-select"
            >
              {trackedStages.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={noteProblem !== null}>
          <Field.Label>{t('tracker.note')}</Field.Label>
          <Textarea
            value={note}
            maxLength={maxTrackedNoteLength}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            data-testid="tracked-note"
          />
          {noteProblem ? <Field.ErrorText>{t(noteProblem)}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={nextStepInvalid}>
          <Field.Label>{t('tracker.nextStep')}</Field.Label>
          <Input
            type="datetime-local"
            value={nextStep}
            onChange={(event) => {
              setNextStep(event.target.value);
              setNextStepInvalid(false);
            }}
            minH="11"
            data-testid="tracked-next-step"
          />
          {nextStepInvalid ? (
            <Field.ErrorText>{t('tracker.nextStepInvalid')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('tracker.nextStepHelp')}</Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </TrackedFormDialog>
  );
}
