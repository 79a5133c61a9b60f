import { Accordion, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type ProfileSectionId = 'personal' | 'connections' | 'skills' | 'preferences' | 'resume';

/** One collapsible section of the account page (an accordion item: a button with aria-expanded, keyboard ready). */
export function ProfileSection({
  id,
  title,
  summary,
  children,
}: {
  id: ProfileSectionId;
  title: string;
  summary?: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={id} data-testid={`section-${id}`}>
      <Accordion.ItemTrigger cursor="pointer" px={{ base: '3', md: '5' }} py="4">
        <HStack flex="1" justify="space-between" gap="3" minW="0">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {summary ? (
            <Text color="fg.muted" textStyle="sm" truncate>
              {summary}
            </Text>
          ) : null}
        </HStack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody px={{ base: '3', md: '5' }} pb="5">
          {children}
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}
