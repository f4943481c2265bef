import { defineRecipe } from '@pandacss/dev';
import { swatchColors } from '../tokens';

/** A product colour's dot next to its name (the product page's colour chips). */
export const swatchRecipe = defineRecipe({
  className: 'swatch',
  description: 'Colour dot for a product colour name',
  jsx: ['Swatch'],
  // The colour comes from the product's data at run time: generate every one.
  staticCss: [{ color: ['*'] }],
  base: {
    display: 'inline-block',
    w: '4',
    h: '4',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'rgba(0, 0, 0, 0.15)',
  },
  variants: {
    color: Object.fromEntries(Object.keys(swatchColors).map((name) => [name, { bg: `swatch.${name}` }])),
  },
  defaultVariants: { color: 'neutral' },
});
