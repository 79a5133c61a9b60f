import { Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyPromptEnabled, setApplyPromptEnabled } from '../apply-prompt-store.ts';

/** Turns "Did you apply?" on or off on this device. */
export function ApplyPromptSetting() {
  const { t } = useTranslation('applications');
  const [enabled, setEnabled] = useState(applyPromptEnabled);
  return (
    <Switch.Root
      checked={enabled}
      onCheckedChange={({ checked }) => {
        setApplyPromptEnabled(checked);
        setEnabled(checked);
      }}
      minH="11"
      maxW="full"
      data-testid="apply-prompt-setting"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label textStyle="sm" minW="0" whiteSpace="normal">
        {t('tracker.askSetting')}
      </Switch.Label>
    </Switch.Root>
  );
}
