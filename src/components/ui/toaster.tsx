import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { useEffect } from 'react';
import { toast as toastRecipe } from 'styled-system/recipes';
import { CloseIcon } from '../icons';
import { attachToastSink, type ToastInput } from './toast-queue';

/** The one toaster of the app: every toast (machine-emitted or local) goes through it. */
// Top right, under the sticky header: at the bottom toasts would cover the phone tab bar.
export const toaster = createToaster({
  placement: 'top-end',
  overlap: true,
  gap: 12,
  max: 4,
  offsets: { top: '5rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

export type { ToastInput };

function createToast({ title, description, type = 'info' }: ToastInput) {
  toaster.create({ title, description, type, duration: type === 'error' ? 6000 : 4000 });
}

/** The toaster, loaded on the first toast (see DeferredToaster); takes over the toasts queued until then. */
export function AppToaster() {
  const classes = toastRecipe();
  // Zag's toast group subscribes to the store once its machine has started, after this effect; toasts
  // created before that are not rendered. Take over the queue on the next task, through the subscription.
  useEffect(() => {
    let detach: (() => void) | undefined;
    const timer = setTimeout(() => {
      detach = attachToastSink(createToast);
    }, 0);
    return () => {
      clearTimeout(timer);
      detach?.();
    };
  }, []);
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root className={classes.root}>
          <Toast.Title className={classes.title}>{toast.title}</Toast.Title>
          {toast.description ? (
            <Toast.Description className={classes.description}>{toast.description}</Toast.Description>
          ) : null}
          <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Dismiss notification">
            <CloseIcon size={16} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}
