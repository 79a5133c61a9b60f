import { Badge, Field, Group, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck } from 'react-icons/lu';
import { devpostMessages } from '../../../../shared/devpost/devpost-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { verifyDevpost } from '../../profile/index.ts';
import { isDevpostVerified } from '../application-prefill.ts';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type { DraftAnswers, VerifiedDevpost } from '../../../db/records/apply-records.ts';

interface HackathonsStepProps {
  verified: VerifiedDevpost | null;
  onVerified: (verified: VerifiedDevpost) => void;
}

/** Step 3: an optional Devpost username; a given one must be verified (POST /api/devpost/profile) to go on. */
export function HackathonsStep({ verified, onVerified }: HackathonsStepProps) {
  const { t } = useTranslation('apply');
  const translateMessage = useApplyMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext<DraftAnswers>();
  const username = useWatch<DraftAnswers, 'devpostUsername'>({ name: 'devpostUsername' });
  const [verifying, setVerifying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isVerified = username.trim() !== '' && isDevpostVerified(username, verified);
  const schemaError = errors.devpostUsername?.message;

  async function verify() {
    const value = username.trim();
    setProblem(null);
    if (!value) {
      setProblem(devpostMessages.usernameRequired);
      return;
    }
    setVerifying(true);
    try {
      const answer = await verifyDevpost(value);
      if (answer.success) onVerified({ username: value, profile: answer.data });
      // A refused username carries its validation message; every other failure is told by its code.
      else setProblem(answer.code === 'invalid_request' ? answer.error : errorCodeText(t, answer.code));
    } catch (error) {
      console.error('[apply] Devpost verification failed', error);
      setProblem(devpostMessages.notFound);
    } finally {
      setVerifying(false);
    }
  }

  const stats = isVerified ? verified?.profile?.stats : undefined;
  const shown = schemaError ?? problem;
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(shown)}>
        <Field.Label>{t('fields.devpostUsername')}</Field.Label>
        <Group attached w="full">
          <Input {...register('devpostUsername')} autoComplete="off" placeholder="devpost-username" />
          <Button variant="outline" onClick={() => void verify()} loading={verifying} disabled={isVerified}>
            {isVerified ? t('devpost.verified') : t('devpost.verify')}
          </Button>
        </Group>
        {shown ? <Field.ErrorText>{translateMessage(shown)}</Field.ErrorText> : null}
        {!shown ? <Field.HelperText>{t('fields.devpostHelper')}</Field.HelperText> : null}
      </Field.Root>
      {isVerified ? (
        <HStack gap="2" data-testid="devpost-verified" wrap="wrap">
          <Badge colorPalette="green" variant="subtle">
            <LuBadgeCheck aria-hidden />
            {t('devpost.verifiedAs', { username: verified?.username })}
          </Badge>
          {stats ? (
            <Text textStyle="sm" color="fg.muted">
              {t('devpost.stats', {
                projects: stats.projectCount,
                hackathons: stats.hackathonCount,
                wins: stats.winCount,
              })}
            </Text>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}
