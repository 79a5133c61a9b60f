import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';

/** Shape of `sections` arrays in the marketing namespace (info and legal pages). */
export interface ContentSection {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
}

/** Renders translated long-form content: optional h2, paragraphs, then a bullet list. */
export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <Stack gap="8">
      {sections.map((section, index) => (
        <Box as="section" key={section.heading ?? index}>
          {section.heading ? (
            <Heading as="h2" fontSize={{ base: 'xl', md: '2xl' }} letterSpacing="tight" mb="3">
              {section.heading}
            </Heading>
          ) : null}
          <Stack gap="4" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
            {section.paragraphs?.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.items ? (
              <List.Root gap="2" ps="5" _marker={{ color: 'brand.fg' }}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            ) : null}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
