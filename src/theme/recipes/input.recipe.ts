import { defineRecipe } from '@pandacss/dev';
import { controlBox } from './control-styles';

export const inputRecipe = defineRecipe({
  className: 'input',
  description: 'Text inputs, textareas and select triggers',
  jsx: ['InputField', 'TextareaField', 'PasswordInput'],
  base: {
    w: 'full',
    minW: '0',
    ...controlBox,
    color: 'fg.default',
    px: '3',
    fontSize: 'md',
    transition: 'border-color 0.15s, box-shadow 0.15s',
    _placeholder: { color: 'fg.subtle' },
    _hover: { borderColor: 'cotton.400' },
    _focusVisible: {
      outline: 'none',
      borderColor: 'border.focus',
      boxShadow: '0 0 0 3px token(colors.indigo.100)',
    },
    // Not Panda's _invalid: it includes :invalid, which marks every empty required field red on load.
    '&[data-invalid], &[aria-invalid=true]': {
      borderColor: 'fg.error',
      _focusVisible: { boxShadow: '0 0 0 3px token(colors.red.100)' },
    },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    size: {
      md: { h: '11' },
      textarea: { py: '2.5', minH: '32', resize: 'vertical' },
    },
  },
  defaultVariants: { size: 'md' },
});
