import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

interface TrackedFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  formId: string;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  children: ReactNode;
}

/** The frame of the tracker's forms (add one by hand, update one): title, fields, Cancel and Save. */
export function TrackedFormDialog({
  open,
  onOpenChange,
  title,
  formId,
  onSubmit,
  testId,
  children,
}: TrackedFormDialogProps) {
  const { t } = useTranslation('applications');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header pe="14">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={onSubmit} noValidate>
                {children}
              </form>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11">
                  {t('tracker.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={formId} minH="11" data-testid={`${testId}-save`}>
                {t('tracker.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('tracker.close')} minW="11" minH="11" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
