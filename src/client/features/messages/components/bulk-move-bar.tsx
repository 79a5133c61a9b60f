import { Box, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  companySettableStatuses,
  type CompanySettableStatus,
  type RejectionReason,
} from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { bulkSetStatus, RejectionReasonFields, rejectionRequestOf } from '../../company/index.ts';
import { MessageChoice, messageReady, messageRequestOf, type MessageSelection, noMessage } from './message-choice.tsx';

/**
 * Moves the selected applications at once (the applicants list and the pipeline board): the new status, the message
 * to the students (silent by default, with a preview) and, for a rejection, the reason for the team.
 */
export function BulkMoveBar({
  selected,
  onClear,
  onMoved,
  testIdPrefix = '',
}: {
  selected: ReadonlySet<string>;
  onClear: () => void;
  /** After a move: the caller reads its list again (the selection is cleared first). */
  onMoved: () => void;
  /** Before the bar's test ids ("pipeline-" on the board). */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('company');
  const [status, setStatus] = useState<CompanySettableStatus>('screening');
  const [message, setMessage] = useState<MessageSelection>(noMessage);
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [reasonNote, setReasonNote] = useState('');
  const [busy, setBusy] = useState(false);
  const statusName = (value: string) => t(`applications:status.${value}`);

  async function apply() {
    setBusy(true);
    try {
      const result = await bulkSetStatus({
        applicationIds: [...selected],
        status,
        ...messageRequestOf(message),
        ...(status === 'rejected' ? rejectionRequestOf(reason, reasonNote) : {}),
      });
      toaster.create({
        type: result.skipped.length > 0 ? 'warning' : 'success',
        title: t('applicants.bulkDone', { count: result.updated.length, status: statusName(status) }),
        description:
          result.skipped.length > 0 ? t('applicants.bulkSkipped', { count: result.skipped.length }) : undefined,
      });
      onClear();
      setMessage(noMessage);
      setReason('');
      setReasonNote('');
      onMoved();
    } catch (error) {
      toaster.create({ type: 'error', title: t('applicants.bulkFailed'), description: apiErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex
      gap="3"
      align="center"
      wrap="wrap"
      p="3"
      bg="brand.subtle"
      rounded="l2"
      data-testid={`${testIdPrefix}bulk-bar`}
    >
      <Text fontWeight="medium">{t('applicants.selected', { count: selected.size })}</Text>
      <NativeSelect.Root w={{ base: 'full', sm: '48' }}>
        <NativeSelect.Field
          aria-label={t('applicants.bulkStatus')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as CompanySettableStatus)}
          minH="11"
          bg="bg"
          data-testid={`${testIdPrefix}bulk-status`}
        >
          {companySettableStatuses.map((value) => (
            <option key={value} value={value}>
              {statusName(value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box w="full" minW="0">
        <MessageChoice
          value={message}
          onChange={setMessage}
          move={status}
          previewApplicationId={[...selected][0] ?? null}
          bulk
        />
      </Box>
      {status === 'rejected' ? (
        <Box w="full" minW="0">
          <RejectionReasonFields reason={reason} onReason={setReason} note={reasonNote} onNote={setReasonNote} />
        </Box>
      ) : null}
      <Button
        onClick={() => void apply()}
        loading={busy}
        disabled={!messageReady(message)}
        minH="11"
        data-testid={`${testIdPrefix}bulk-apply`}
      >
        {t('applicants.bulkApply')}
      </Button>
      <Button variant="ghost" onClick={onClear} minH="11">
        {t('applicants.clearSelection')}
      </Button>
    </Flex>
  );
}
