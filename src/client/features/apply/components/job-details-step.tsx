import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from './form-fields.tsx';

/** Step 5: the job's description for reference, and the required cover letter. */
export function JobDetailsStep({ description }: { description: string | null }) {
  const { t } = useTranslation('apply');
  return (
    <Stack gap="5">
      {description?.trim() ? (
        <Box borderWidth="1px" rounded="l2" p="4" bg="bg.subtle" maxH="60" overflowY="auto">
          <Heading as="h3" size="sm" mb="2">
            {t('jobDetails.aboutRole')}
          </Heading>
          <Text whiteSpace="pre-line" textStyle="sm" color="fg.muted">
            {description}
          </Text>
        </Box>
      ) : null}
      <TextAreaField
        name="coverLetter"
        label={t('fields.coverLetter')}
        required
        helper={t('fields.coverLetterHelper')}
      />
    </Stack>
  );
}
