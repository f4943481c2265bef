import { defineRecipe } from '@pandacss/dev';
import { focusRingApart } from './control-styles';

/** A variant drawn by its fill: the background, the text colour and the background on hover. */
const fill = (bg: string, color: string, hoverBg: string) => ({ bg, color, _hover: { bg: hoverBg } });

export const buttonRecipe = defineRecipe({
  className: 'button',
  description: 'Buttons and button-looking links',
  // The wrappers whose props are the variants, so Panda's extractor sees <Button variant=…> usages.
  jsx: ['Button', 'ButtonLink'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: '600',
    fontFamily: 'body',
    borderRadius: 'control',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s, box-shadow 0.15s, transform 0.15s',
    _focusVisible: focusRingApart,
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
    '& svg': { flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: fill('primary.default', 'primary.fg', 'primary.emphasized'),
      secondary: fill('secondary.default', 'white', 'secondary.emphasized'),
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { bg: 'bg.muted', borderColor: 'cotton.400' },
      },
      light: fill('white', 'terracotta.800', 'cotton.100'),
      ghost: fill('transparent', 'fg.default', 'bg.muted'),
      danger: {
        bg: 'transparent',
        color: 'fg.error',
        borderColor: 'red.200',
        _hover: { bg: 'red.50' },
      },
      link: {
        bg: 'transparent',
        color: 'primary.default',
        px: '0!',
        h: 'auto!',
        _hover: { textDecoration: 'underline' },
      },
    },
    size: {
      sm: { h: '9', px: '3', fontSize: 'sm' },
      md: { h: '11', px: '5', fontSize: 'sm' },
      lg: { h: '12', px: '7', fontSize: 'md' },
    },
    fullWidth: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});
