import { Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button } from './button.tsx';

type ConfirmDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  description: string;
  /** More under the description (what an account deletion removes). */
  details?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Runs the destructive action; resolves true to close the dialog, false to keep it open (the action failed). */
  onConfirm: () => Promise<boolean>;
};

/** An alert dialog asking to confirm a destructive action (withdraw an application, remove a member). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  details,
  cancelLabel,
  confirmLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(detail) => setOpen(detail.open)} role="alertdialog" placement="center">
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{description}</Text>
              {details}
            </Dialog.Body>
            {/* Long labels (French, a phone's width) wrap onto a second line instead of leaving the dialog. */}
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11" h="auto" maxW="full" whiteSpace="normal">
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                variant="destructive"
                minH="11"
                h="auto"
                maxW="full"
                whiteSpace="normal"
                loading={busy}
                onClick={() => void confirm()}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
