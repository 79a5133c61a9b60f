import { Box, Icon, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBuilding2 } from 'react-icons/lu';

/** The organization's logo, or a building icon when there is none or it cannot be loaded (offline, gone). */
export function OrganizationLogo({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const size = { base: '12', md: '14' };
  if (!src || failed === src) {
    return (
      <Box
        boxSize={size}
        flexShrink={0}
        rounded="l3"
        bg="brand.subtle"
        color="brand.fg"
        display="grid"
        placeItems="center"
        data-testid="organization-logo-placeholder"
      >
        <Icon as={LuBuilding2} boxSize="6" aria-hidden />
      </Box>
    );
  }
  return (
    <Image
      src={src}
      alt={name}
      boxSize={size}
      flexShrink={0}
      objectFit="contain"
      rounded="l3"
      borderWidth="1px"
      bg="white"
      p="1"
      onError={() => setFailed(src)}
    />
  );
}
