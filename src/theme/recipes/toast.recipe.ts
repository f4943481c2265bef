import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRingApart, iconButton } from './control-styles';

export const toastRecipe = defineSlotRecipe({
  className: 'toast',
  description: 'One toast card of the app-wide toaster',
  jsx: ['AppToaster'],
  slots: toastAnatomy.keys(),
  base: {
    // Above everything the shopper can open (drawer, Quick View's full-screen dialog, menus): a toast
    // under an overlay is a message nobody sees. Zag's own inline z-index is the highest there is, so
    // the token keeps the skip link above toasts.
    group: { zIndex: 'toast !important' },
    root: {
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.subtle',
      borderLeftWidth: '4px',
      borderLeftColor: 'indigo.500',
      borderRadius: 'control',
      boxShadow: 'raised',
      minW: '72',
      maxW: 'min(26rem, calc(100vw - 2rem))',
      p: '4',
      pe: '10',
      position: 'relative',
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms, box-shadow 200ms',
      '&[data-type=success]': { borderLeftColor: 'green.600' },
      '&[data-type=error]': { borderLeftColor: 'red.600' },
      '&[data-type=warning]': { borderLeftColor: 'saffron.500' },
    },
    title: { fontWeight: '700', fontSize: 'sm', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted', mt: '0.5' },
    actionTrigger: {
      mt: '2',
      px: '3',
      py: '1',
      fontSize: 'sm',
      fontWeight: '700',
      color: 'terracotta.700',
      borderWidth: '1px',
      borderColor: 'terracotta.500',
      borderRadius: 'control',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      _focusVisible: focusRingApart,
    },
    closeTrigger: {
      position: 'absolute',
      top: '2',
      right: '2',
      w: '7',
      h: '7',
      ...iconButton,
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
    },
  },
});
