import { Box, Checkbox, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { serverFieldErrors, updateProfile } from '../api/update-profile.ts';
import { updateProfileName } from '../api/update-profile-name.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { checkChosen, type Proposal, type ProposedField } from './autofill-proposals.ts';

export type ResumeReview = {
  proposals: Proposal[];
  /** Where the values come from: the PDF's or the resume.json's name. */
  source: string;
};

interface ResumeReviewDialogProps {
  review: ResumeReview;
  profile: StudentProfile;
  onClose: () => void;
  onApplied: (profile: StudentProfile) => void;
}

/**
 * The values a resume proposes, each beside the profile's, to tick before anything is saved. Only the ticked fields
 * are sent, through the profile's own rules: a refused value stays here with the rule's message.
 */
export function ResumeReviewDialog({ review, profile, onClose, onApplied }: ResumeReviewDialogProps) {
  const { t } = useTranslation('account');
  const [remaining, setRemaining] = useState(review.proposals);
  const [checked, setChecked] = useState<Set<ProposedField>>(
    () => new Set(review.proposals.filter((proposal) => proposal.fillsEmpty).map((proposal) => proposal.field)),
  );
  const [refused, setRefused] = useState<Partial<Record<ProposedField, string>>>({});
  const [saving, setSaving] = useState(false);
  // Read offline, the values wait here: saving needs the network, and the sheet says so until it is back.
  const online = useOnlineStatus();

  const toggle = (field: ProposedField, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });

  const apply = async () => {
    const chosen = remaining.filter((proposal) => checked.has(proposal.field));
    const result = checkChosen(profile, chosen);
    const problems: Partial<Record<ProposedField, string>> = { ...result.refused };
    const saved = new Set<ProposedField>();
    setSaving(true);
    let latest = profile;
    try {
      if (result.name) {
        latest = await updateProfileName(result.name);
        if (chosen.some((proposal) => proposal.field === 'firstName')) saved.add('firstName');
        if (chosen.some((proposal) => proposal.field === 'lastName')) saved.add('lastName');
      }
      if (Object.keys(result.update).length > 0) {
        try {
          latest = await updateProfile(result.update);
          for (const field of Object.keys(result.update)) saved.add(field as ProposedField);
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (!fields) throw error;
          Object.assign(problems, fields);
        }
      }
    } catch (error) {
      console.error('[profile] could not apply the resume values', error);
      toaster.create({
        type: 'error',
        title: t('toasts.updateError.title'),
        description: t('toasts.updateError.description'),
      });
    } finally {
      setSaving(false);
    }
    if (saved.size > 0) {
      onApplied(latest);
      toaster.create({ type: 'success', title: t('autofill.applied', { count: saved.size }) });
    }
    setRefused(problems);
    const left = remaining.filter((proposal) => !saved.has(proposal.field));
    setRemaining(left);
    if (saved.size > 0 && Object.keys(problems).length === 0) onClose();
  };

  const format = (value: string | null) => value ?? t('fields.notSet');

  return (
    <Dialog.Root
      open
      onOpenChange={(detail) => (detail.open ? undefined : onClose())}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="resume-review">
            <Dialog.Header>
              <Dialog.Title>{t('autofill.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" textStyle="sm">
                  {t('autofill.description', { source: review.source })}
                </Text>
                {!online && remaining.length > 0 ? (
                  <Text textStyle="sm" role="status" data-testid="review-offline">
                    {t('autofill.offline')}
                  </Text>
                ) : null}
                {remaining.length === 0 ? (
                  <Text data-testid="resume-review-empty">{t('autofill.nothing')}</Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none" aria-label={t('autofill.listLabel')}>
                    {remaining.map((proposal) => {
                      const problem = refused[proposal.field];
                      const label = t(`fields.${proposal.field}`);
                      return (
                        <Box
                          as="li"
                          key={proposal.field}
                          borderWidth="1px"
                          borderColor={problem ? 'border.error' : 'border'}
                          rounded="l2"
                          p="3"
                          data-testid={`review-${proposal.field}`}
                        >
                          <Checkbox.Root
                            checked={checked.has(proposal.field)}
                            onCheckedChange={(details) => toggle(proposal.field, details.checked === true)}
                            alignItems="flex-start"
                            minH="11"
                            w="full"
                          >
                            <Checkbox.HiddenInput
                              aria-describedby={problem ? `review-error-${proposal.field}` : undefined}
                            />
                            <Checkbox.Control mt="0.5" />
                            <Checkbox.Label flex="1" minW="0">
                              <Text fontWeight="semibold">{label}</Text>
                              <Text textStyle="sm" wordBreak="break-word" data-testid="review-proposed">
                                {t('autofill.proposed', { value: format(proposal.proposed) })}
                              </Text>
                              <Text textStyle="sm" color="fg.muted" wordBreak="break-word" data-testid="review-current">
                                {t('autofill.current', { value: format(proposal.current) })}
                              </Text>
                              {!proposal.fillsEmpty ? (
                                <Text textStyle="xs" color="fg.muted">
                                  {t('autofill.replaces')}
                                </Text>
                              ) : null}
                            </Checkbox.Label>
                          </Checkbox.Root>
                          {problem ? (
                            <Text
                              id={`review-error-${proposal.field}`}
                              color="fg.error"
                              textStyle="sm"
                              mt="1"
                              role="alert"
                              data-testid="review-error"
                            >
                              {translateProfileMessage(problem, t)}
                            </Text>
                          ) : null}
                        </Box>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11">
                  {remaining.length === 0 ? t('autofill.close') : t('autofill.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              {remaining.length > 0 ? (
                <Button
                  minH="11"
                  loading={saving}
                  loadingText={t('autofill.applying')}
                  disabled={!online || !remaining.some((proposal) => checked.has(proposal.field))}
                  onClick={() => void apply()}
                  data-testid="review-apply"
                >
                  {t('autofill.apply', {
                    count: remaining.filter((proposal) => checked.has(proposal.field)).length,
                  })}
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
