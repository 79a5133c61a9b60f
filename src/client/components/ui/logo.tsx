import { Box, HStack, Text, type BoxProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

// Same geometry as public/icons (scripts/generate-icons.mjs), so the app and its installed icon match.
const points = {
  head: '128,104 214,184 298,184 384,104 400,232 344,318 256,404 168,318 112,232',
  mask: '214,184 298,184 326,246 256,372 186,246',
  leftEar: '150,138 200,184 162,214',
  rightEar: '362,138 312,184 350,214',
  nose: '232,364 280,364 256,404',
};

/** The fox mark on its orange tile. Decorative: name the surrounding link instead. */
export function LogoMark({ boxSize = '8', ...props }: BoxProps) {
  return (
    <Box as="span" display="inline-flex" flexShrink={0} boxSize={boxSize} aria-hidden="true" {...props}>
      <svg viewBox="0 0 512 512" width="100%" height="100%" focusable="false">
        <defs>
          <linearGradient id="logo-mark-bg" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fb8a3c" />
            <stop offset="1" stopColor="#c2410c" />
          </linearGradient>
        </defs>
        <rect width="512" height="512" rx="104" fill="url(#logo-mark-bg)" />
        <polygon points={points.head} fill="#ffffff" />
        <polygon points={points.mask} fill="#ea580c" />
        <polygon points={points.leftEar} fill="#ea580c" />
        <polygon points={points.rightEar} fill="#ea580c" />
        <polygon points={points.nose} fill="#431407" />
      </svg>
    </Box>
  );
}

/** Mark + product name, for headers, sidebars and footers. */
export function Logo({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2.5">
      <LogoMark boxSize={size === 'sm' ? '7' : '8'} />
      <Text as="span" fontWeight="extrabold" fontSize={size === 'sm' ? 'md' : 'lg'} letterSpacing="tight" color="fg">
        {t('appName')}
      </Text>
    </HStack>
  );
}
