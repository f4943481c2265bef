import { numberInputAnatomy, paginationAnatomy, passwordInputAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBox, fieldColumn, fieldLabel, focusRing, iconButton, pickable } from './control-styles';

/** A step button (the stepper's minus and plus, Pagination's Previous and Next): greyed out at the end. */
const stepButton = {
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
} as const;

const stepper = {
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: 'full',
  ...stepButton,
  color: 'fg.default',
  _focusVisible: { ...focusRing, outlineOffset: '-2px' },
} as const;

export const numberInputRecipe = defineSlotRecipe({
  className: 'number-input',
  description: 'Ark NumberInput as a minus / value / plus stepper',
  jsx: ['QuantityInput'],
  slots: numberInputAnatomy.keys(),
  base: {
    root: { ...fieldColumn, alignItems: 'flex-start' },
    label: fieldLabel,
    control: {
      display: 'inline-flex',
      alignItems: 'stretch',
      h: '11',
      ...controlBox,
      overflow: 'hidden',
    },
    decrementTrigger: stepper,
    incrementTrigger: stepper,
    input: {
      w: '12',
      textAlign: 'center',
      fontWeight: '600',
      bg: 'transparent',
      borderInlineWidth: '1px',
      borderColor: 'border.subtle',
      _focusVisible: { outline: 'none', bg: 'indigo.50' },
    },
  },
});

/** Pagination's Previous and Next buttons look alike. */
const pageStepTrigger = {
  h: '10',
  px: '3',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  borderRadius: 'control',
  fontSize: 'sm',
  fontWeight: '600',
  ...stepButton,
};

export const paginationRecipe = defineSlotRecipe({
  className: 'pagination',
  description: 'Ark Pagination: prev, page window with ellipses, next',
  jsx: ['Pagination'],
  slots: paginationAnatomy.keys(),
  base: {
    root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: '1.5' },
    item: {
      minW: '10',
      h: '10',
      px: '2',
      display: 'grid',
      placeItems: 'center',
      ...pickable,
      fontWeight: '600',
      _selected: { bg: 'primary.default', color: 'white', borderColor: 'primary.default' },
    },
    ellipsis: { minW: '6', textAlign: 'center', color: 'fg.muted' },
    prevTrigger: pageStepTrigger,
    nextTrigger: pageStepTrigger,
  },
});

export const passwordInputRecipe = defineSlotRecipe({
  className: 'password-input',
  description: 'Ark PasswordInput with a show/hide toggle inside the field',
  jsx: ['PasswordInput'],
  slots: passwordInputAnatomy.keys(),
  base: {
    root: { ...fieldColumn, w: 'full' },
    label: fieldLabel,
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { pe: '12!' },
    visibilityTrigger: {
      position: 'absolute',
      right: '1',
      w: '9',
      h: '9',
      ...iconButton,
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _focusVisible: focusRing,
    },
  },
});
