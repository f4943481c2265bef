import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { dialog } from 'styled-system/recipes';
import { CloseIcon } from '../icons';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  placement?: 'end' | 'center';
};

/** Ark Dialog as a side drawer (mobile menu) or a centred modal; focus is trapped while open. */
export function Drawer({ open, onOpenChange, title, children, placement = 'end' }: DrawerProps) {
  const classes = dialog({ placement });
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={classes.backdrop} />
        <Dialog.Positioner className={classes.positioner}>
          <Dialog.Content className={classes.content}>
            <Dialog.Title className={classes.title}>{title}</Dialog.Title>
            <Dialog.CloseTrigger className={classes.closeTrigger} aria-label="Close menu">
              <CloseIcon />
            </Dialog.CloseTrigger>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
