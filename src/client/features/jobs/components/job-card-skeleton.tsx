import { Card, Flex, HStack, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** Stand-in with the shape of a job card while the list loads. */
export function JobCardSkeleton() {
  return (
    <Card.Root size="sm" variant="outline" data-testid="job-card-skeleton" aria-hidden>
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between">
          <Stack gap="2" flex="1">
            <Skeleton h="4" w="75%" />
            <Skeleton h="3" w="40%" />
          </Stack>
          <Skeleton h="5" w="16" rounded="full" />
        </Flex>
        <HStack gap="4">
          <SkeletonText noOfLines={1} w="32" />
          <SkeletonText noOfLines={1} w="24" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
