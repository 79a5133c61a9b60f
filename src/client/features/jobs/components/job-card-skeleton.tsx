import { Card, Flex, HStack, Skeleton, Stack } from '@chakra-ui/react';

// One pulse per card rather than one per shape: each running animation sends the page an animationstart event, and
// a list of placeholders (a few dozen shapes) cost a phone 70 ms of event handling when it appeared.
const shape = { variant: 'none', bg: 'bg.emphasized' } as const;

/** Stand-in with the shape of a job card while the list loads. */
export function JobCardSkeleton() {
  return (
    <Card.Root size="sm" variant="outline" data-testid="job-card-skeleton" aria-hidden>
      <Card.Body gap="3" animation="pulse" animationDuration="1.2s">
        <Flex gap="3" justify="space-between">
          <Stack gap="2" flex="1">
            <Skeleton {...shape} h="4" w="75%" />
            <Skeleton {...shape} h="3" w="40%" />
          </Stack>
          <Skeleton {...shape} h="5" w="16" rounded="full" />
        </Flex>
        <HStack gap="4">
          <Skeleton {...shape} h="4" w="32" />
          <Skeleton {...shape} h="4" w="24" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
