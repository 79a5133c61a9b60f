import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApplyMessage } from '../apply-messages.ts';

/** Shows a shared validation text or a server answer in the interface language (unknown texts as they came). */
export function useApplyMessage(): (message: string) => string {
  const { t } = useTranslation('apply');
  return useCallback(
    (message: string) => translateApplyMessage(message, (key, values) => (values ? t(key, values) : t(key))),
    [t],
  );
}
