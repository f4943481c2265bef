import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { 'styled-system': root('./styled-system') },
  },
  server: {
    // `npm run dev` serves the SPA on 5173 and proxies the API to the server on 8044.
    proxy: { '/api': 'http://localhost:8044' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    // Server tests open a PGlite database each; two workers suit the 2-core machines we run on.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Opening a fresh PGlite per file can take several seconds when both cores are busy.
          hookTimeout: 60_000,
          testTimeout: 30_000,
          include: ['tests/{server,machines,api,forms,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/ui.setup.ts'],
        },
      },
    ],
  },
});
