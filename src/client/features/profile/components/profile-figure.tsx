import { Stack, Text } from '@chakra-ui/react';

/** One count of a connected profile (GitHub, Devpost): a small label over the figure. */
export function ProfileFigure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap="0" data-testid={testId}>
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" textStyle="lg">
        {value}
      </Text>
    </Stack>
  );
}
