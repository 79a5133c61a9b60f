import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { applicationSteps } from '../../../../shared/applications/application-schema.ts';

/** The five steps (spec section 2) as an ordered list; the current one is marked for assistive technology. */
export function StepIndicator({ current }: { current: number }) {
  const { t } = useTranslation('apply');
  return (
    <Box as="nav" aria-label={t('steps.label')}>
      <Flex as="ol" gap={{ base: '1', md: '2' }} listStyleType="none" data-testid="step-indicator">
        {applicationSteps.map((step, index) => {
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
