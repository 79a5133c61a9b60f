import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOrganization, useResource } from '../../company/index.ts';
import { getEmailTemplates } from '../api/messages-api.ts';
import type { MessageSelection } from './message-choice.tsx';

/** A move's message without words of its own: the board's moves are quick, written messages go from the application. */
export type MoveMessage = Exclude<MessageSelection, { kind: 'custom' }>;

/**
 * What each move on the pipeline board tells the student: nothing (the default), the standard status e-mail, or one
 * of the organization's templates (sent in the student's language, decision 034).
 */
export function MoveMessageSelect({ value, onChange }: { value: MoveMessage; onChange: (next: MoveMessage) => void }) {
  const { t } = useTranslation('company');
  const { current } = useOrganization();
  const templates = useResource(`email-templates:${current.id}`, (signal) => getEmailTemplates(current.id, signal));
  const selectValue = value.kind === 'template' ? `template:${value.templateId}` : value.kind;

  function choose(next: string) {
    if (next === 'none' || next === 'status') onChange({ kind: next });
    else onChange({ kind: 'template', templateId: next.slice('template:'.length) });
  }

  return (
    <Stack gap="1" minW="0">
      <Field.Root>
        <Field.Label>{t('pipeline.messageForMoves')}</Field.Label>
        <NativeSelect.Root w="full" maxW={{ sm: '96' }}>
          <NativeSelect.Field
            value={selectValue}
            onChange={(event) => choose(event.currentTarget.value)}
            minH="11"
            data-testid="pipeline-message"
          >
            <option value="none">{t('messages.none')}</option>
            <option value="status">{t('messages.standard')}</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.id} value={`template:${template.id}`}>
                {t('messages.templateOption', { name: template.name })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Text textStyle="sm" color="fg.muted">
        {t(value.kind === 'none' ? 'pipeline.silentHelp' : 'pipeline.messageHelp')}
      </Text>
    </Stack>
  );
}
