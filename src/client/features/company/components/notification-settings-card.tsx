import { Card, Heading, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationNotificationChoice,
  applicationNotificationChoices,
} from '../../../../shared/company/application-notifications.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { getNotificationSettings, updateNotificationSettings } from '../api/company-api.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useOrganization } from '../organization-context.ts';
import { ErrorPanel } from './company-states.tsx';

/**
 * "Your notifications": how the signed-in member hears of this organization's applications (an e-mail for each, a
 * daily summary, or nothing), withdrawals included. Each member chooses for themselves, owners and members alike.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation('company');
  const { current } = useOrganization();
  const settings = useResource(`notifications:${current.id}`, (signal) => getNotificationSettings(current.id, signal));
  const [saving, setSaving] = useState<ApplicationNotificationChoice | null>(null);
  const headingId = useId();

  async function choose(choice: ApplicationNotificationChoice) {
    setSaving(choice);
    try {
      settings.setData(await updateNotificationSettings(current.id, { applicationNotifications: choice }));
      toaster.create({ type: 'success', title: t('settings.notifications.saved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('settings.saveFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(null);
    }
  }

  const value = saving ?? settings.data?.applicationNotifications ?? null;
  return (
    <Card.Root variant="outline" data-testid="notification-settings">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h2" size="md" id={headingId}>
            {t('settings.notifications.title')}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {t('settings.notifications.help', { name: current.name })}
          </Text>
        </Stack>
        {settings.status === 'loading' ? (
          <Stack gap="2" role="status" aria-label={t('settings.notifications.loading')}>
            <Skeleton h="11" />
            <Skeleton h="11" />
            <Skeleton h="11" />
          </Stack>
        ) : settings.status === 'error' ? (
          <ErrorPanel error={settings.error} onRetry={settings.reload} />
        ) : (
          <RadioGroup.Root
            value={value}
            onValueChange={(details) => {
              const choice = applicationNotificationChoices.find((candidate) => candidate === details.value);
              if (choice && choice !== settings.data.applicationNotifications) void choose(choice);
            }}
            disabled={saving !== null}
            aria-labelledby={headingId}
            colorPalette="brand"
          >
            <Stack gap="1">
              {applicationNotificationChoices.map((choice) => (
                <RadioGroup.Item
                  key={choice}
                  value={choice}
                  minH="11"
                  alignItems="flex-start"
                  py="2"
                  data-testid={`notifications-${choice}`}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="0.5" />
                  <Stack gap="0">
                    <RadioGroup.ItemText fontWeight="medium">
                      {t(`settings.notifications.${choice}`)}
                      {choice === settings.data.roleDefault ? ` ${t('settings.notifications.default')}` : ''}
                    </RadioGroup.ItemText>
                    <Text textStyle="sm" color="fg.muted">
                      {t(`settings.notifications.${choice}Help`)}
                    </Text>
                  </Stack>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
