import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, formatDateTime, LoadingRows, useResource } from '../../company/index.ts';
import { getApplicationMessages, sendMessage } from '../api/messages-api.ts';
import { MessageChoice, messageReady, messageRequestOf, type MessageSelection } from './message-choice.tsx';

/**
 * "What did we tell them?": every message the student was sent about this application (with a move or on its own),
 * and a message without a move. `version` changes when the application was moved, to read the list again.
 */
export function ApplicationMessagesPanel({ applicationId, version }: { applicationId: string; version: number }) {
  const { t, i18n } = useTranslation('company');
  const messages = useResource(`application-messages:${applicationId}:${version}`, (signal) =>
    getApplicationMessages(applicationId, signal),
  );
  const [writing, setWriting] = useState(false);
  const [selection, setSelection] = useState<MessageSelection>({ kind: 'custom', subject: '', body: '' });
  const [sending, setSending] = useState(false);

  async function send() {
    const { message } = messageRequestOf(selection);
    if (!message) return;
    setSending(true);
    try {
      const sent = await sendMessage(applicationId, { message });
      messages.setData([...(messages.data ?? []), sent]);
      toaster.create({ type: 'success', title: t('messages.sent') });
      setWriting(false);
      setSelection({ kind: 'custom', subject: '', body: '' });
    } catch (error) {
      toaster.create({ type: 'error', title: t('messages.sendFailed'), description: apiErrorText(t, error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card.Root variant="outline" data-testid="messages">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('messages.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('messages.help')}
        </Text>
        {messages.status === 'loading' ? <LoadingRows rows={1} height="12" /> : null}
        {messages.status === 'error' ? <ErrorPanel error={messages.error} onRetry={messages.reload} /> : null}
        {messages.data && messages.data.length === 0 ? (
          <Text textStyle="sm" data-testid="messages-empty">
            {t('messages.empty')}
          </Text>
        ) : null}
        <Stack as="ol" gap="3">
          {[...(messages.data ?? [])].reverse().map((message) => (
            <Stack
              as="li"
              key={message.id}
              listStyleType="none"
              gap="1"
              p="3"
              bg="bg.subtle"
              rounded="l2"
              data-testid="message-entry"
              minW="0"
            >
              <Text fontWeight="semibold" wordBreak="break-word">
                {message.subject}
              </Text>
              <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {message.body}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                <Badge size="sm" mr="1" variant="subtle">
                  {message.kind === 'template' && message.templateName
                    ? message.templateName
                    : t(`messages.kinds.${message.kind}`)}
                </Badge>
                {t('messages.sentBy', {
                  name: message.by.name ?? t('application.someone'),
                  date: formatDateTime(message.at, i18n.language),
                  language: t(`messages.languages.${message.locale}`),
                })}
              </Text>
            </Stack>
          ))}
        </Stack>
        {!writing ? (
          <Button
            variant="outline"
            alignSelf="flex-start"
            minH="11"
            onClick={() => setWriting(true)}
            data-testid="message-write"
          >
            {t('messages.write')}
          </Button>
        ) : null}
        {writing ? (
          <Stack gap="3">
            <MessageChoice value={selection} onChange={setSelection} move={null} previewApplicationId={applicationId} />
            <Stack direction="row" gap="2" justify="flex-end" wrap="wrap">
              <Button variant="ghost" minH="11" onClick={() => setWriting(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                minH="11"
                onClick={() => void send()}
                loading={sending}
                disabled={!messageReady(selection)}
                data-testid="message-send"
              >
                {t('messages.send')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
