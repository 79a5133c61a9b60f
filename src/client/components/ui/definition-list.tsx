import { Box, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label/value pairs as a <dl>: stacked on a phone, two columns from `sm` up. */
export function DefinitionList({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  return (
    <Grid
      as="dl"
      templateColumns={{ base: 'minmax(0, 1fr)', sm: '9rem minmax(0, 1fr)' }}
      columnGap="4"
      rowGap={{ base: '0', sm: '2' }}
      data-testid={testId}
    >
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted" fontWeight="medium" textStyle="sm" pt={{ base: '2', sm: '0.5' }}>
            {label}
          </Text>
          <Box as="dd" overflowWrap="anywhere">
            {value}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}
