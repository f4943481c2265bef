import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  description: 'Label, control, helper text and error list of one form field',
  jsx: ['FieldShell', 'InputField', 'TextareaField', 'PaymentFieldControl'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: '600', color: 'fg.default' },
    requiredIndicator: { color: 'fg.error', ms: '0.5' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: {
      fontSize: 'sm',
      color: 'fg.error',
      '& ul': { listStyle: 'none', p: '0', m: '0' },
    },
  },
});
