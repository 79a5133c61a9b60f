import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toaster.tsx';
import { i18n } from '../i18n/i18n.ts';
import { appSystem } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem()}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Toaster />
      </I18nextProvider>
    </ChakraProvider>
  );
}
