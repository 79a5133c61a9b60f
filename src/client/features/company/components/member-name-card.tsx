import { Card, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberNameLimit } from '../../../../shared/company/application-notifications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { getMemberPreferences, updateMemberPreferences } from '../api/company-api.ts';
import { useResource } from '../hooks/use-resource.ts';
import { ErrorPanel, LoadingRows } from './company-states.tsx';

/** "Your name": what the team sees beside the member's notes, moves and scorecards (every organization). */
export function MemberNameCard() {
  const { t } = useTranslation('company');
  const me = useResource('member:me', (signal) => getMemberPreferences(signal));
  const [name, setName] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = name ?? me.data?.name ?? '';

  async function save() {
    setSaving(true);
    try {
      me.setData(await updateMemberPreferences({ name: value }));
      setName(null);
      toaster.create({ type: 'success', title: t('settings.name.saved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('settings.saveFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root variant="outline" data-testid="member-name">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t('settings.name.title')}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {t('settings.name.help')}
          </Text>
        </Stack>
        {me.status === 'loading' ? (
          <LoadingRows rows={1} height="11" />
        ) : me.status === 'error' ? (
          <ErrorPanel error={me.error} onRetry={me.reload} />
        ) : (
          <Flex
            as="form"
            gap="2"
            align="end"
            wrap="wrap"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Field.Root flex="1" minW="56" invalid={value.trim() === ''}>
              <Field.Label>{t('settings.name.label')}</Field.Label>
              <Input
                value={value}
                maxLength={memberNameLimit}
                autoComplete="name"
                minH="11"
                placeholder={me.data.email}
                onChange={(event) => setName(event.currentTarget.value)}
              />
            </Field.Root>
            <Button type="submit" minH="11" loading={saving} disabled={value.trim() === '' || name === null}>
              {t('settings.name.save')}
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
