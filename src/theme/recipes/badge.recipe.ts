import { defineRecipe } from '@pandacss/dev';

export const badgeRecipe = defineRecipe({
  className: 'badge',
  description: 'Small labels: sale, category, status',
  jsx: ['StatusBadge'],
  // An order's status colour is picked at run time (orders.model StatusColor): generate those tones.
  staticCss: [{ tone: ['yellow', 'blue', 'purple', 'green', 'red', 'gray'] }],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2.5',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: '600',
    lineHeight: '1.5',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      sale: { bg: 'terracotta.600', color: 'white' },
      brand: { bg: 'primary.subtle', color: 'terracotta.800' },
      indigo: { bg: 'indigo.50', color: 'indigo.800' },
      neutral: { bg: 'cotton.200', color: 'cotton.800' },
      yellow: { bg: 'yellow.100', color: 'yellow.900' },
      blue: { bg: 'blue.100', color: 'blue.900' },
      purple: { bg: 'purple.100', color: 'purple.900' },
      green: { bg: 'green.100', color: 'green.900' },
      red: { bg: 'red.100', color: 'red.900' },
      gray: { bg: 'gray.200', color: 'gray.800' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
