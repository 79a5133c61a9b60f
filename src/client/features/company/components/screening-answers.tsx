import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert } from 'react-icons/lu';
import type { ScreeningAnswer } from '../../../../shared/screening/screening-questions.ts';

/** The application's screening answers, each under its question as it was asked; a knockout answer is marked. */
export function ScreeningAnswers({ answers }: { answers: ScreeningAnswer[] }) {
  const { t } = useTranslation('company');
  return (
    <Stack as="dl" gap="4" data-testid="screening-answers">
      {answers.map((answer) => (
        <Stack
          key={answer.questionId}
          gap="1"
          data-testid="screening-answer"
          data-knockout={answer.knockout ? 'true' : undefined}
          borderStartWidth={answer.knockout ? '3px' : '0'}
          borderColor="red.solid"
          ps={answer.knockout ? '3' : '0'}
        >
          <Text as="dt" textStyle="sm" color="fg.muted" wordBreak="break-word">
            {answer.prompt}
          </Text>
          <HStack as="dd" gap="2" wrap="wrap" align="center">
            <Text
              fontWeight={answer.answer === null ? 'normal' : 'medium'}
              color={answer.answer === null ? 'fg.muted' : undefined}
              whiteSpace="pre-wrap"
              wordBreak="break-word"
            >
              {answer.answer === null
                ? t('screening.notAnswered')
                : answer.kind === 'yes-no'
                  ? t(`jobForm.screening.answers.${answer.answer === 'yes' ? 'yes' : 'no'}`)
                  : answer.answer}
            </Text>
            {answer.knockout ? (
              <Badge colorPalette="red" variant="subtle">
                <LuCircleAlert aria-hidden />
                {t('screening.knockoutAnswer')}
              </Badge>
            ) : null}
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
