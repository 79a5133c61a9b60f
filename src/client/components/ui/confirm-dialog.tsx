import { Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { Button } from './button.tsx';

type ConfirmDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  description: string;
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
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11">
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button variant="destructive" minH="11" loading={busy} onClick={() => void confirm()}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
