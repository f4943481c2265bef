import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { fieldColumn, fieldLabel } from './control-styles';

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  description: 'Label, control, helper text and error list of one form field',
  jsx: ['FieldShell', 'InputField', 'TextareaField', 'PaymentFieldControl'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { ...fieldColumn, w: 'full' },
    label: fieldLabel,
    requiredIndicator: { color: 'fg.error', ms: '0.5' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: {
      fontSize: 'sm',
      color: 'fg.error',
      '& ul': { listStyle: 'none', p: '0', m: '0' },
    },
  },
});
