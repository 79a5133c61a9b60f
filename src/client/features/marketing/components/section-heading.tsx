import { Heading, Stack, Text } from '@chakra-ui/react';

export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  tone?: 'light' | 'dark';
}

/** Eyebrow + h2 + lead paragraph, shared by the landing page sections. `id` labels the section. */
export function SectionHeading({ id, eyebrow, title, description, tone = 'light' }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <Stack gap="3" maxW="2xl" mx="auto" textAlign="center">
      <Text
        fontSize="sm"
        fontWeight="semibold"
        color={dark ? 'brand.300' : 'brand.fg'}
        textTransform="uppercase"
        letterSpacing="wider"
      >
        {eyebrow}
      </Text>
      <Heading
        as="h2"
        id={id}
        fontSize={{ base: '3xl', md: '4xl' }}
        letterSpacing="tight"
        lineHeight="1.15"
        textWrap="balance"
      >
        {title}
      </Heading>
      {description ? (
        <Text fontSize={{ base: 'md', md: 'lg' }} color={dark ? 'whiteAlpha.800' : 'fg.muted'} textWrap="pretty">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
