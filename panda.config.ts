import { defineConfig } from '@pandacss/dev';
import { theme } from './src/theme/theme';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: { extend: theme },
  // No global staticCss: each recipe names its jsx wrappers (<Button variant=…>) so the extractor finds
  // the variants in use, and lists in its own staticCss only the variants picked at run time.
  globalCss: {
    // The focus ring of Panda's focusVisibleRing utility (2px solid, 2px apart unless focusRingOffset).
    html: { '--global-color-focus-ring': '{colors.border.focus}' },
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
