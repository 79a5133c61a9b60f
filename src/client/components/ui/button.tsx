import { Button as ChakraButton, type ButtonProps as ChakraButtonProps } from '@chakra-ui/react';

/** The button vocabulary of the spec (section 9), mapped onto Chakra's recipe. */
export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const variantProps: Record<ButtonVariant, ChakraButtonProps> = {
  default: { variant: 'solid' },
  destructive: { variant: 'solid', colorPalette: 'red' },
  outline: { variant: 'outline', colorPalette: 'gray' },
  secondary: { variant: 'subtle', colorPalette: 'gray' },
  ghost: { variant: 'ghost', colorPalette: 'gray' },
  link: {
    variant: 'plain',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    px: '0',
    height: 'auto',
    color: 'colorPalette.fg',
  },
};

const sizeProps: Record<ButtonSize, ChakraButtonProps> = {
  default: { size: 'md' },
  sm: { size: 'sm' },
  lg: { size: 'lg' },
  icon: { size: 'md', px: '0', aspectRatio: 'square' }, // give it an aria-label
};

export interface ButtonProps extends Omit<ChakraButtonProps, 'variant' | 'size'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant = 'default', size = 'default', ...props }: ButtonProps) {
  return <ChakraButton {...variantProps[variant]} {...sizeProps[size]} {...props} />;
}
