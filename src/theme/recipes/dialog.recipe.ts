import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  description: 'Ark Dialog as a centred modal or a side drawer',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(26, 31, 58, 0.45)', zIndex: 'overlay' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', zIndex: 'modal' },
    content: {
      bg: 'bg.canvas',
      boxShadow: 'raised',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: '6',
      position: 'relative',
      overflowY: 'auto',
      _focusVisible: { outline: 'none' },
    },
    title: { textStyle: 'h3', fontFamily: 'display', fontSize: 'xl' },
    description: { color: 'fg.muted', fontSize: 'sm' },
    closeTrigger: {
      position: 'absolute',
      top: '4',
      right: '4',
      w: '10',
      h: '10',
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'control',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
    },
  },
  jsx: ['Drawer'],
  // <Drawer placement=…> passes its prop (default 'end') through a variable: generate that placement.
  staticCss: [{ placement: ['end'] }],
  variants: {
    placement: {
      center: {
        positioner: { alignItems: 'center', justifyContent: 'center', p: '4' },
        content: { borderRadius: 'card', w: 'full', maxW: 'md' },
      },
      end: {
        positioner: { justifyContent: 'flex-end' },
        content: { h: 'full', w: 'min(20rem, 85vw)' },
      },
    },
  },
  defaultVariants: { placement: 'center' },
});
