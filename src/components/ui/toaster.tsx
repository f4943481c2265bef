import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { useEffect } from 'react';
import { toast as toastRecipe } from 'styled-system/recipes';
import { CloseIcon } from '../icons';
import { attachToastSink, type ToastInput } from './toast-queue';

/** Below the md breakpoint the phone tab bar (src/components/layout/bottom-tab-bar.tsx) is shown. */
const PHONE_QUERY = '(max-width: 767px)';
const onPhone =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(PHONE_QUERY).matches;

/**
 * The one toaster of the app: every toast (machine-emitted or local) goes through it. On a desktop at
 * the top right under the sticky header; on a phone at the bottom, just above the tab bar (within the
 * thumb's reach, clear of the header's menu button). The toast recipe's group stacks them above the
 * header and tab bar but under an open overlay (mobile menu drawer, dialogs).
 */
export const toaster = createToaster({
  placement: onPhone ? 'bottom' : 'top-end',
  overlap: true,
  gap: 12,
  max: 4,
  offsets: {
    top: '5rem',
    right: '1rem',
    bottom: onPhone ? 'calc(4.5rem + env(safe-area-inset-bottom))' : '1rem',
    left: '1rem',
  },
});

function createToast({ title, description, type = 'info', action }: ToastInput) {
  const id = toaster.create({
    // The same message again (a typed 99 then 999, Remove twice) replaces the one on screen.
    id: `toast:${type}:${title}:${description ?? ''}`,
    title,
    description,
    type,
    // An Undo needs time to be found and reached.
    duration: action ? 8000 : type === 'error' ? 6000 : 4000,
    ...(action ? { action: { label: action.label, onClick: action.onClick } } : {}),
  });
  return () => toaster.dismiss(id);
}

/** The toaster, loaded on the first toast (see ./lazy-toaster.tsx); takes over the toasts queued until then. */
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
    <Toaster toaster={toaster} className={classes.group}>
      {(toast) => (
        <Toast.Root className={classes.root}>
          <Toast.Title className={classes.title}>{toast.title}</Toast.Title>
          {toast.description ? (
            <Toast.Description className={classes.description}>{toast.description}</Toast.Description>
          ) : null}
          {toast.action ? (
            <Toast.ActionTrigger className={classes.actionTrigger}>{toast.action.label}</Toast.ActionTrigger>
          ) : null}
          <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Dismiss notification">
            <CloseIcon size={16} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}
