import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import type { WizardStep } from '../wizard-steps.ts';

/** The steps (spec section 2, and Skills / Questions when asked) as an ordered list; the current one is marked. */
export function StepIndicator({ steps, current }: { steps: readonly WizardStep[]; current: number }) {
  const { t } = useTranslation('apply');
  return (
    <Box as="nav" aria-label={t('steps.label')}>
      <Flex as="ol" gap={{ base: '1', md: '2' }} listStyleType="none" data-testid="step-indicator">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <Flex
              as="li"
              key={step}
              flex="1"
              direction="column"
              align="center"
              gap="1.5"
              aria-current={active ? 'step' : undefined}
              minW="0"
            >
              <Flex
                boxSize="8"
                rounded="full"
                align="center"
                justify="center"
                fontWeight="semibold"
                textStyle="sm"
                bg={done || active ? 'brand.solid' : 'bg'}
                color={done || active ? 'brand.contrast' : 'fg.muted'}
                borderWidth={done || active ? '0' : '1px'}
              >
                {done ? <LuCheck aria-hidden /> : index + 1}
              </Flex>
              <Text
                textStyle="xs"
                textAlign="center"
                fontWeight={active ? 'semibold' : 'normal'}
                color={active ? 'fg' : 'fg.muted'}
                display={{ base: active ? 'block' : 'none', md: 'block' }}
              >
                {t(`steps.${step}`)}
              </Text>
            </Flex>
          );
        })}
      </Flex>
    </Box>
  );
}
