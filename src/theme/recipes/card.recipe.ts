import { defineRecipe } from '@pandacss/dev';

/**
 * The white raised surface that panels, forms, summaries and tiles sit on. The pages differ only in
 * how much room they give their content, so padding is the one variant.
 */
export const cardRecipe = defineRecipe({
  className: 'card',
  description: 'Raised white surface of panels, forms, summaries and tiles',
  jsx: ['Card'],
  base: {
    bg: 'bg.surface',
    borderRadius: 'card',
    boxShadow: 'card',
  },
  variants: {
    padding: {
      // Images and header strips run to the edge, clipped to the rounded corners.
      none: { overflow: 'hidden' },
      sm: { p: { base: '5', md: '6' } },
      md: { p: { base: '5', md: '8' } },
      lg: { p: { base: '6', md: '10' } },
    },
  },
  defaultVariants: { padding: 'md' },
});
