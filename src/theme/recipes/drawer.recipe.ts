import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing, iconButton } from './control-styles';

/** Ark Dialog sliding in from the inline end: the phone menu. */
export const drawerRecipe = defineSlotRecipe({
  className: 'drawer',
  description: 'Ark Dialog as a side drawer',
  // Panda adds the compound root (<Drawer.Root>, src/components/ui/drawer.tsx) to these names.
  jsx: ['Drawer'],
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(26, 31, 58, 0.45)', zIndex: 'overlay' },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      justifyContent: 'flex-end',
      zIndex: 'modal',
    },
    content: {
      bg: 'bg.canvas',
      boxShadow: 'raised',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: '6',
      position: 'relative',
      overflowY: 'auto',
      h: 'full',
      w: 'min(20rem, 85vw)',
      _focusVisible: { outline: 'none' },
    },
    title: { textStyle: 'cardTitle' },
    closeTrigger: {
      position: 'absolute',
      top: '4',
      right: '4',
      w: '10',
      h: '10',
      ...iconButton,
      borderRadius: 'control',
      cursor: 'pointer',
      _focusVisible: focusRing,
    },
  },
});
