import { Box, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanySettableStatus } from '../../../../shared/company/company-api.ts';
import {
  type EmailTemplate,
  type MessageChoice as MessageChoiceRequest,
  type MessagePreview,
  messageLimits,
  messageVariables,
  unknownVariables,
} from '../../../../shared/messages/messages-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useOrganization, useResource } from '../../company/index.ts';
import { getEmailTemplates, previewMessage } from '../api/messages-api.ts';

// What a member tells the student, in one place for every move (the application page, the bulk bar, the pipeline
// board) and for a message without a move: nothing (a silent move, the default), the standard status e-mail, one of
// the organization's templates, or their own words; and the server-rendered preview of it.

export type MessageSelection =
  | { kind: 'none' }
  | { kind: 'status' }
  | { kind: 'template'; templateId: string }
  | { kind: 'custom'; subject: string; body: string };

export const noMessage: MessageSelection = { kind: 'none' };

/** The request fields of a selection: `notify` for the standard e-mail, `message` for a template or words. */
export function messageRequestOf(selection: MessageSelection): { notify?: true; message?: MessageChoiceRequest } {
  switch (selection.kind) {
    case 'none':
      return {};
    case 'status':
      return { notify: true };
    case 'template':
      return { message: { kind: 'template', templateId: selection.templateId } };
    case 'custom':
      return { message: { kind: 'custom', subject: selection.subject.trim(), body: selection.body.trim() } };
  }
}

/** Whether the selection can be sent as it is (written words need a subject and a body, known variables only). */
export function messageReady(selection: MessageSelection): boolean {
  if (selection.kind !== 'custom') return true;
  return (
    selection.subject.trim() !== '' &&
    selection.body.trim() !== '' &&
    unknownVariables(`${selection.subject}\n${selection.body}`).length === 0
  );
}

function PreviewBox({ preview }: { preview: MessagePreview }) {
  const { t } = useTranslation('company');
  return (
    <Stack
      gap="2"
      p="3"
      borderWidth="1px"
      rounded="l2"
      bg="bg.subtle"
      data-testid="message-preview"
      aria-live="polite"
      minW="0"
    >
      <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
        {t('messages.previewTo', { to: preview.to, language: t(`messages.languages.${preview.locale}`) })}
      </Text>
      {preview.fallback ? (
        <Text textStyle="sm" color="fg.warning" data-testid="message-preview-fallback">
          {t('messages.previewFallback', { language: t(`messages.languages.${preview.locale}`) })}
        </Text>
      ) : null}
      <Text fontWeight="semibold" wordBreak="break-word" data-testid="message-preview-subject">
        {preview.subject}
      </Text>
      <Text as="div" textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-preview-text">
        {preview.text}
      </Text>
    </Stack>
  );
}

export function MessageChoice({
  value,
  onChange,
  move,
  previewApplicationId,
  bulk = false,
}: {
  value: MessageSelection;
  onChange: (next: MessageSelection) => void;
  /** The status of the move the message goes with; null: a message without a move (no silent or standard choice). */
  move: CompanySettableStatus | null;
  /** The application the preview is written for (a bulk move previews its first applicant). */
  previewApplicationId: string | null;
  bulk?: boolean;
}) {
  const { t } = useTranslation('company');
  const { current } = useOrganization();
  const templates = useResource(`email-templates:${current.id}`, (signal) => getEmailTemplates(current.id, signal));
  const [preview, setPreview] = useState<{ key: string; data: MessagePreview } | null>(null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const key = JSON.stringify([value, move, previewApplicationId]);
  const shown = preview?.key === key ? preview.data : null;

  const list: EmailTemplate[] = templates.data ?? [];
  // Templates made for this move's status first.
  const ordered = [...list].sort((a, b) => Number(b.status === move) - Number(a.status === move));
  const selectValue = value.kind === 'template' ? `template:${value.templateId}` : value.kind;
  const unknown = value.kind === 'custom' ? unknownVariables(`${value.subject}\n${value.body}`) : [];

  function choose(next: string) {
    setPreviewProblem(null);
    if (next === 'none' || next === 'status') return onChange({ kind: next });
    if (next === 'custom') return onChange({ kind: 'custom', subject: '', body: '' });
    onChange({ kind: 'template', templateId: next.slice('template:'.length) });
  }

  async function showPreview() {
    if (!previewApplicationId || value.kind === 'none') return;
    setPreviewing(true);
    setPreviewProblem(null);
    try {
      const message =
        value.kind === 'status'
          ? { kind: 'status' as const, status: move ?? 'applied' }
          : messageRequestOf(value).message!;
      setPreview({ key, data: await previewMessage(previewApplicationId, { message }) });
    } catch (error) {
      setPreviewProblem(apiErrorText(t, error));
    } finally {
      setPreviewing(false);
    }
  }

  return (
    <Stack gap="2" minW="0" data-testid="message-choice">
      <Field.Root>
        <Field.Label>{t(bulk ? 'messages.chooseBulk' : 'messages.choose')}</Field.Label>
        <NativeSelect.Root w="full" maxW={{ sm: '96' }}>
          <NativeSelect.Field
            value={selectValue}
            onChange={(event) => choose(event.currentTarget.value)}
            minH="11"
            data-testid="message-select"
          >
            {move !== null ? (
              <>
                <option value="none">{t('messages.none')}</option>
                <option value="status">{t('messages.standard')}</option>
              </>
            ) : null}
            {ordered.map((template) => (
              <option key={template.id} value={`template:${template.id}`}>
                {template.status === move && move !== null
                  ? t('messages.templateSuggested', { name: template.name })
                  : t('messages.templateOption', { name: template.name })}
              </option>
            ))}
            <option value="custom">{t('messages.custom')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Text textStyle="sm" color="fg.muted">
        {value.kind === 'none'
          ? t('messages.noneHelp')
          : value.kind === 'status'
            ? t('messages.standardHelp')
            : t('messages.languageHelp')}
      </Text>
      {value.kind === 'custom' ? (
        <Stack gap="2">
          <Field.Root required>
            <Field.Label>{t('messages.subject')}</Field.Label>
            <Input
              value={value.subject}
              onChange={(event) => onChange({ ...value, subject: event.target.value })}
              maxLength={messageLimits.subject}
              minH="11"
              data-testid="message-subject"
            />
          </Field.Root>
          <Field.Root required invalid={unknown.length > 0}>
            <Field.Label>{t('messages.body')}</Field.Label>
            <Textarea
              value={value.body}
              onChange={(event) => onChange({ ...value, body: event.target.value })}
              maxLength={messageLimits.body}
              rows={5}
              data-testid="message-body"
            />
            {unknown.length > 0 ? (
              <Field.ErrorText>
                {t('messages.unknownVariables', { names: unknown.map((name) => `{{${name}}}`).join(', ') })}
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <Text textStyle="xs" color="fg.muted">
            {t('messages.variablesHelp', { variables: messageVariables.map((name) => `{{${name}}}`).join(' ') })}
          </Text>
        </Stack>
      ) : null}
      {value.kind !== 'none' && previewApplicationId ? (
        <Stack gap="2" minW="0">
          <Button
            variant="outline"
            alignSelf="flex-start"
            minH="11"
            onClick={() => void showPreview()}
            loading={previewing}
            disabled={!messageReady(value)}
            data-testid="message-preview-button"
          >
            {t(bulk ? 'messages.previewFirst' : 'messages.preview')}
          </Button>
          {previewProblem ? (
            <Text color="fg.error" role="alert" textStyle="sm">
              {previewProblem}
            </Text>
          ) : null}
          {shown ? <PreviewBox preview={shown} /> : null}
        </Stack>
      ) : null}
      {templates.status === 'error' ? (
        <Box>
          <Text textStyle="sm" color="fg.error" role="alert">
            {apiErrorText(t, templates.error)}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}
