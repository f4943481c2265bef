import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const toastRecipe = defineSlotRecipe({
  className: 'toast',
  description: 'One toast card of the app-wide toaster',
  jsx: ['AppToaster'],
  slots: toastAnatomy.keys(),
  base: {
    // Zag puts the group at the highest z-index (inline): toasts then covered the open mobile menu.
    // Above the sticky header and the phone tab bar (sticky), under overlays (backdrop, drawer, dialog).
    group: { zIndex: 'banner !important' },
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
    closeTrigger: {
      position: 'absolute',
      top: '2',
      right: '2',
      w: '7',
      h: '7',
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
    },
  },
});
