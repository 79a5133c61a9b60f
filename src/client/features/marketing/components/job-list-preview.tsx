import { Badge, Box, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuSearch } from 'react-icons/lu';

interface PreviewJob {
  title: string;
  source: string;
  meta: string;
}

const tileColors = ['brand.solid', 'teal.600', 'purple.600'];

/**
 * A static illustration of the job list for the hero. Exposed to assistive technology as one image with a label:
 * its sample rows are decoration, not content.
 */
export function JobListPreview() {
  const { t } = useTranslation('marketing');
  const jobs = t('landing.preview.jobs', { returnObjects: true }) as PreviewJob[];

  return (
    <Box position="relative" role="img" aria-label={t('landing.preview.label')} maxW="md" mx="auto" w="full">
      <Box
        position="absolute"
        inset="-6"
        bgGradient="to-br"
        gradientFrom="brand.200/70"
        gradientTo="purple.200/50"
        filter="blur(40px)"
        rounded="full"
        aria-hidden="true"
      />
      <Box
        position="relative"
        bg="bg.panel"
        rounded="2xl"
        borderWidth="1px"
        borderColor="border.muted"
        boxShadow="xl"
        overflow="hidden"
        aria-hidden="true"
      >
        <HStack gap="1.5" px="4" py="3" borderBottomWidth="1px" borderColor="border.muted" bg="bg.subtle">
          {['red.300', 'yellow.300', 'green.300'].map((color) => (
            <Box key={color} boxSize="2.5" rounded="full" bg={color} />
          ))}
        </HStack>
        <Stack gap="4" p={{ base: '4', sm: '5' }}>
          <Text fontWeight="bold" fontSize="lg">
            {t('landing.preview.heading')}
          </Text>
          <HStack
            gap="2"
            px="3"
            py="2"
            rounded="lg"
            borderWidth="1px"
            borderColor="border"
            color="fg.muted"
            fontSize="sm"
          >
            <Icon as={LuSearch} boxSize="4" />
            <Text truncate>{t('landing.preview.search')}</Text>
          </HStack>
          <Stack gap="2.5">
            {jobs.map((job, index) => (
              <Flex
                key={job.title}
                gap="3"
                p="3"
                rounded="xl"
                borderWidth="1px"
                borderColor={index === 0 ? 'brand.border' : 'border.muted'}
                bg={index === 0 ? 'brand.subtle' : 'bg'}
                align="center"
              >
                <Flex
                  boxSize="10"
                  flexShrink={0}
                  rounded="lg"
                  bg={tileColors[index % tileColors.length]}
                  color="white"
                  fontWeight="bold"
                  align="center"
                  justify="center"
                >
                  {job.title.charAt(0)}
                </Flex>
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" fontSize="sm" truncate>
                    {job.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {job.source} · {job.meta}
                  </Text>
                </Box>
                {index === 0 ? (
                  <Badge colorPalette="brand" variant="solid" size="sm">
                    {t('landing.preview.featured')}
                  </Badge>
                ) : null}
                {index === 2 ? (
                  <Badge colorPalette="green" variant="subtle" size="sm">
                    {t('landing.preview.applied')}
                  </Badge>
                ) : null}
              </Flex>
            ))}
          </Stack>
          <HStack
            gap="2"
            alignSelf="flex-start"
            px="3"
            py="1.5"
            rounded="full"
            bg="green.50"
            color="green.700"
            fontSize="xs"
            fontWeight="medium"
          >
            <Icon as={LuCircleCheck} boxSize="3.5" />
            <Text>{t('landing.preview.draft')}</Text>
          </HStack>
        </Stack>
      </Box>
    </Box>
  );
}
