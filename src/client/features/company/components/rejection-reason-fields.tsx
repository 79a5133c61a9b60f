import { Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  maxRejectionNoteLength,
  type RejectionReason,
  rejectionReasons,
} from '../../../../shared/company/company-api.ts';

/** A rejection's reason (a fixed list) and its words, for the organization's records: never sent to the student. */
export function RejectionReasonFields({
  reason,
  onReason,
  note,
  onNote,
}: {
  reason: RejectionReason | '';
  onReason: (reason: RejectionReason | '') => void;
  note: string;
  onNote: (note: string) => void;
}) {
  const { t } = useTranslation('company');
  return (
    <Stack gap="2" data-testid="rejection-reason">
      <Field.Root>
        <Field.Label>{t('application.rejectionReason')}</Field.Label>
        <NativeSelect.Root w={{ base: 'full', sm: '72' }}>
          <NativeSelect.Field
            value={reason}
            onChange={(event) => onReason(event.currentTarget.value as RejectionReason | '')}
            minH="11"
            data-testid="rejection-reason-select"
          >
            <option value="">{t('application.rejectionReasonNone')}</option>
            {rejectionReasons.map((value) => (
              <option key={value} value={value}>
                {t(`application.rejectionReasons.${value}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {reason ? (
        <Field.Root>
          <Field.Label>{t('application.rejectionNote')}</Field.Label>
          <Textarea
            value={note}
            onChange={(event) => onNote(event.target.value)}
            maxLength={maxRejectionNoteLength}
            rows={2}
            data-testid="rejection-note"
          />
        </Field.Root>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('application.rejectionReasonHelp')}
      </Text>
    </Stack>
  );
}

/** The request fields of a reason and its words (none when no reason is chosen). */
export function rejectionRequestOf(
  reason: RejectionReason | '',
  note: string,
): { rejectionReason?: RejectionReason; rejectionNote?: string } {
  const words = note.trim();
  return { ...(reason ? { rejectionReason: reason } : {}), ...(reason && words ? { rejectionNote: words } : {}) };
}
