import { Alert, Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuGithub } from 'react-icons/lu';
import type { GithubProfile } from '../../../../shared/github/github-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { githubProfileStillNamed, shouldDisconnectGithub, type ProfileFormValues } from '../profile-form.ts';
import { EditableTextField } from './editable-text-field.tsx';
import { GithubProfileCard } from './github-profile-card.tsx';
import { useFieldEditing } from './field-editing-context.ts';

interface GithubConnectionProps {
  /** The saved, connected GitHub profile. */
  github: GithubProfile | null;
  connecting: boolean;
  /** The inline 'Connection failed' text of the last attempt. */
  connectError: string | null;
  onConnect: () => void;
}

/**
 * GitHub username, the Connect button (popup) and the connected profile. Changing the username hides the profile:
 * saving then disconnects it (spec section 4).
 */
export function GithubConnection({ github, connecting, connectError, onConnect }: GithubConnectionProps) {
  const { t } = useTranslation('account');
  const { control } = useFormContext<ProfileFormValues>();
  const username = useWatch({ control, name: 'githubUsername' });
  const { readOnly } = useFieldEditing();
  const connectedUsername = github?.username ?? null;
  const showProfile = github !== null && githubProfileStillNamed(username, connectedUsername);
  const willDisconnect = shouldDisconnectGithub(username, connectedUsername);

  return (
    <Stack gap="3" data-testid="github-connection">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2">
          <LuGithub aria-hidden />
          <Heading as="h3" size="md">
            {t('github.title')}
          </Heading>
          {showProfile ? (
            <Badge colorPalette="green" variant="subtle">
              {t('github.connected')}
            </Badge>
          ) : null}
        </HStack>
        {readOnly ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={onConnect}
            loading={connecting}
            loadingText={t('github.connecting')}
          >
            <LuGithub aria-hidden />
            {showProfile ? t('github.reconnect') : t('github.connect')}
          </Button>
        )}
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {t('github.description')}
      </Text>
      <EditableTextField
        name="githubUsername"
        inputProps={{ autoComplete: 'off', spellCheck: false }}
        helperText={
          willDisconnect && connectedUsername ? t('github.changedHint', { username: connectedUsername }) : undefined
        }
      />
      {connectError ? (
        <Alert.Root status="error" size="sm" data-testid="github-connect-error">
          <Alert.Indicator />
          <Alert.Title>{connectError}</Alert.Title>
        </Alert.Root>
      ) : null}
      {showProfile && github ? <GithubProfileCard github={github} /> : null}
    </Stack>
  );
}
