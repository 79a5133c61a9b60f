import { toaster } from '../components/ui/toaster.tsx';
import { i18n } from '../i18n/i18n.ts';

const updateToastId = 'pwa-update';

/** A persistent toast with a Reload action; it stays until the user acts or closes it. */
export function showUpdatePrompt(applyUpdate: () => void): void {
  toaster.create({
    id: updateToastId, // a second "waiting" event must not stack a second prompt
    type: 'info',
    title: i18n.t('pwa.updateTitle'),
    description: i18n.t('pwa.updateDescription'),
    duration: Infinity,
    closable: true,
    action: { label: i18n.t('pwa.reload'), onClick: applyUpdate },
  });
}
