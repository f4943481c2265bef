import { defineConfig } from '@pandacss/dev';
import { theme } from './src/theme/theme';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: { extend: theme },
});
