import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The app's one toast queue (spec section 9): bottom right, at most 3 visible, 4 s each, 356 px wide, 14 px apart,
 * 200 ms exit animation. Alt+T moves focus to the toast region (zag's toast group handles the hotkey).
 * Loading toasts stay until they are updated or dismissed.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  duration: 4000,
  gap: 14,
  removeDelay: 200,
  hotkey: ['altKey', 'KeyT'],
  pauseOnPageIdle: true,
  // A page with a sticky action bar at the bottom (the account page's Save/Cancel) sets --toast-offset-bottom while it
  // shows on a phone, so toasts stack above the bar instead of covering its buttons.
  offsets: { top: '1rem', left: '1rem', right: '1rem', bottom: 'var(--toast-offset-bottom, 1rem)' },
});

const toastContrast = {
  '&[data-type=error]': { bg: 'red.700', color: 'white' },
  '&[data-type=success]': { bg: 'green.700', color: 'white' },
};

/**
 * Rendered once, in providers.tsx, from the first toast on. Mounted at start-up, the toast group subscribed to the
 * queue in an effect that re-rendered it at once, in a task of its own: 15 ms of a first visit's start on a slowed
 * phone (decision record 020), for a region that stays empty on most visits. Toasts created before it mounts are shown
 * when it does (the group reads the queue's visible toasts when it subscribes), and it stays mounted after.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeToToasts, hadToast, () => false);
  return needed ? <ToastRegion /> : null;
}

let toastCreated = false;
/** Whether a toast was ever queued: once mounted, the region stays (a toast's exit animation needs it). */
const hadToast = () => (toastCreated ||= toaster.getCount() > 0);
// The queue tells its subscribers about a new toast before it counts it: the notice itself is the sign.
const subscribeToToasts = (changed: () => void) =>
  toaster.subscribe(() => {
    toastCreated = true;
    changed();
  });

function ToastRegion() {
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('toaster.label')}>
        {(toast) => (
          // Darker than Chakra's solid red and green, and the description at full opacity: 4.5:1 for every text.
          <Toast.Root width={{ md: '356px' }} css={toastContrast}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label={t('toaster.close')} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
