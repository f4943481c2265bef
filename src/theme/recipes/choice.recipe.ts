import { checkboxAnatomy, radioGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { fieldLabel, focusRingApart, pickable } from './control-styles';

/** Size and colour pickers: each radio item is a pill; the checked one is filled. */
export const chipGroupRecipe = defineSlotRecipe({
  className: 'chip-group',
  description: 'Ark RadioGroup rendered as selectable pills',
  jsx: ['ChipGroup'],
  // itemNote: what an option says beside its name ("Sold out", "Only 3 left").
  slots: [...radioGroupAnatomy.keys(), 'itemNote'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2.5', border: 'none', p: '0', m: '0' },
    label: fieldLabel,
    item: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      minW: '11',
      h: '10',
      px: '3.5',
      justifyContent: 'center',
      ...pickable,
      fontWeight: '500',
      transition: 'all 0.15s',
      _checked: { bg: 'secondary.default', color: 'white', borderColor: 'secondary.default' },
      '&:has(input:focus-visible)': focusRingApart,
      // Sold out: still there to read, plainly not to pick.
      _disabled: {
        cursor: 'not-allowed',
        bg: 'bg.muted',
        color: 'fg.subtle',
        borderStyle: 'dashed',
        _hover: { borderColor: 'border.default' },
      },
    },
    itemControl: { display: 'none' },
    itemText: { '[data-disabled] > &': { textDecoration: 'line-through' } },
    itemNote: {
      fontSize: 'xs',
      fontWeight: '600',
      color: 'terracotta.700',
      // The name is struck through; what it says about it is not.
      display: 'inline-block',
      textDecoration: 'none',
      '[data-disabled] &, [data-state=checked] &': { color: 'inherit' },
    },
  },
});

export const checkboxRecipe = defineSlotRecipe({
  className: 'checkbox',
  description: 'Ark Checkbox',
  jsx: ['Checkbox'],
  slots: checkboxAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' },
    control: {
      w: '5',
      h: '5',
      display: 'grid',
      placeItems: 'center',
      borderWidth: '1.5px',
      borderColor: 'cotton.500',
      borderRadius: 'sm',
      bg: 'bg.surface',
      color: 'white',
      _checked: { bg: 'primary.default', borderColor: 'primary.default' },
      '&:is([data-focus-visible])': focusRingApart,
    },
    label: { fontSize: 'sm' },
  },
});
