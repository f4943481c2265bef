import { defineConfig } from '@pandacss/dev';
import { theme } from './src/theme/theme';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: { extend: theme },
  // Recipe variants are chosen through component props (<Button variant=…>), which the extractor cannot
  // see; generate them all (the recipes are small).
  staticCss: { recipes: '*' },
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: '1.6',
      WebkitFontSmoothing: 'antialiased',
    },
    '::selection': { bg: 'saffron.200' },
    'h1, h2, h3': { textWrap: 'balance' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      },
      html: { scrollBehavior: 'auto !important' },
    },
  },
});
