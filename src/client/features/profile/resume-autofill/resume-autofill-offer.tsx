import { HStack, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSparkles } from 'react-icons/lu';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { resumeOffer, type Proposal } from './autofill-proposals.ts';
import { readResume } from './read-resume.ts';
import { ResumeReviewDialog } from './resume-review-dialog.tsx';

interface ResumeAutofillOfferProps {
  profile: StudentProfile;
  /** The PDF the student just attached, read on this device; null: nothing to offer. */
  file: File | null;
  onApplied: (profile: StudentProfile) => void;
}

type Offer =
  | { state: 'reading' }
  | { state: 'ready'; proposals: Proposal[]; source: string }
  | { state: 'applied' }
  | { state: 'none' };

/**
 * Where a resume is attached for another purpose (the apply wizard's Resume step), an offer to fill the profile from
 * it: the file is read on this device as soon as it is chosen, and the review sheet opens only when the student asks.
 * A file that cannot be read, or that says nothing the profile lacks, offers nothing (the attachment itself is fine).
 */
export function ResumeAutofillOffer({ profile, file, onApplied }: ResumeAutofillOfferProps) {
  const { t } = useTranslation('account');
  // What the file offers, once read; a result for another file (the student chose a new one) is not this file's.
  const [result, setResult] = useState<{ file: File; offer: Offer } | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // Some values were saved: closing the sheet then says so instead of offering again.
  const applied = useRef(false);

  // The profile when a file is read (applying changes the profile, which must not read the same file again).
  const latestProfile = useRef(profile);
  useEffect(() => {
    latestProfile.current = profile;
  }, [profile]);
  useEffect(() => {
    if (!file) return;
    let live = true;
    readResume(file).then(
      (outcome) => {
        if (!live) return;
        const proposals = outcome.ok ? resumeOffer(latestProfile.current, outcome.fields) : 'empty';
        setResult({
          file,
          offer:
            proposals === 'empty' || proposals.length === 0
              ? { state: 'none' }
              : { state: 'ready', proposals, source: file.name },
        });
      },
      (error: unknown) => {
        console.warn('[profile] the attached resume could not be read for autofill', error);
        if (live) setResult({ file, offer: { state: 'none' } });
      },
    );
    return () => {
      live = false;
    };
  }, [file]);

  const offer: Offer = !file ? { state: 'none' } : result?.file === file ? result.offer : { state: 'reading' };
  if (offer.state === 'none') return null;
  if (offer.state === 'reading')
    return (
      <HStack gap="2" color="fg.muted" textStyle="sm" role="status" data-testid="autofill-offer-reading">
        <Spinner size="sm" />
        <Text>{t('autofill.offer.reading')}</Text>
      </HStack>
    );
  if (offer.state === 'applied')
    return (
      <Text textStyle="sm" color="fg.muted" role="status" data-testid="autofill-offer-applied">
        {t('autofill.offer.applied')}
      </Text>
    );
  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderColor="brand.muted"
      bg="brand.subtle"
      rounded="l2"
      p="4"
      data-testid="autofill-offer"
    >
      <HStack gap="2" align="start">
        <Icon as={LuSparkles} boxSize="4" mt="1" flexShrink={0} color="brand.fg" aria-hidden />
        <Stack gap="1">
          <Text fontWeight="semibold">{t('autofill.offer.title', { count: offer.proposals.length })}</Text>
          <Text textStyle="sm" color="fg.muted">
            {t('autofill.offer.description')}
          </Text>
        </Stack>
      </HStack>
      <Button
        alignSelf="start"
        variant="outline"
        minH="11"
        onClick={() => setReviewing(true)}
        data-testid="autofill-offer-review"
      >
        {t('autofill.offer.review')}
      </Button>
      {reviewing ? (
        <ResumeReviewDialog
          review={{ proposals: offer.proposals, source: offer.source }}
          profile={profile}
          onClose={() => {
            setReviewing(false);
            if (applied.current && file) setResult({ file, offer: { state: 'applied' } });
          }}
          onApplied={(updated) => {
            applied.current = true;
            onApplied(updated);
          }}
        />
      ) : null}
    </Stack>
  );
}
