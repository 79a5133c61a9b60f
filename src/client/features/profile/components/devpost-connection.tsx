import { Alert, Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck } from 'react-icons/lu';
import type { DevpostProfile } from '../../../../shared/devpost/devpost-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { ProfileFormValues } from '../profile-form.ts';
import { DevpostProfileCard } from './devpost-profile-card.tsx';
import { EditableTextField } from './editable-text-field.tsx';
import { useFieldEditing } from './field-editing-context.ts';

interface DevpostConnectionProps {
  /** The profile to show: the one just verified, or the saved one while the username still names it. */
  devpost: DevpostProfile | null;
  verified: boolean;
  verifying: boolean;
  verifyError: string | null;
  onVerify: () => void;
  onUsernameChange: () => void;
}

/** Devpost username with Verify: a new username must be verified before the profile can be saved (spec 4, 5). */
export function DevpostConnection({
  devpost,
  verified,
  verifying,
  verifyError,
  onVerify,
  onUsernameChange,
}: DevpostConnectionProps) {
  const { t } = useTranslation('account');
  const { control } = useFormContext<ProfileFormValues>();
  const username = useWatch({ control, name: 'devpostUsername' });
  const editing = useFieldEditing();
  const hasUsername = username.trim() !== '';

  return (
    <Stack gap="3" data-testid="devpost-connection">
      <HStack gap="2" wrap="wrap">
        <LuBadgeCheck aria-hidden />
        <Heading as="h3" size="md">
          {t('devpost.title')}
        </Heading>
        {hasUsername ? (
          <Badge colorPalette={verified ? 'green' : 'orange'} variant="subtle" data-testid="devpost-status">
            {verified ? t('devpost.verified') : t('devpost.notVerified')}
          </Badge>
        ) : null}
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {t('devpost.description')}
      </Text>
      <EditableTextField
        name="devpostUsername"
        inputProps={{ autoComplete: 'off', spellCheck: false }}
        onValueChange={onUsernameChange}
        actions={
          editing.readOnly || !editing.isEditing('devpostUsername') ? null : (
            <Button variant="outline" onClick={onVerify} loading={verifying} loadingText={t('devpost.verifying')}>
              {t('devpost.verify')}
            </Button>
          )
        }
      />
      {verifyError ? (
        <Alert.Root status="error" size="sm" data-testid="devpost-verify-error">
          <Alert.Indicator />
          <Alert.Title>{verifyError}</Alert.Title>
        </Alert.Root>
      ) : null}
      {devpost ? <DevpostProfileCard devpost={devpost} /> : null}
    </Stack>
  );
}
