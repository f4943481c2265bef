import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vitest/config';
import { pageCodeAfterPaint } from './scripts/defer-page-code';
import { precompress } from './scripts/precompress';
import { stripMachineDescriptions } from './scripts/strip-machine-descriptions';
import { DATABASE_NEUTRAL } from './tests/setup/database-neutral';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  // `vite build --ssr` bundles the page renderer for the server (dist/.ssr/): no public files there.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    // The machines' descriptions are for the visualiser and the tests, not for shoppers' downloads.
    stripMachineDescriptions(),
    // The first paint is the server's HTML: the app's code is asked for after it (src/boot.ts).
    pageCodeAfterPaint(),
    precompress(),
    // `ANALYZE=1 npm run build` writes a treemap of every chunk to reports/bundle.html (outside dist/).
    process.env.ANALYZE
      ? visualizer({ filename: 'reports/bundle.html', gzipSize: true, brotliSize: true, template: 'treemap' })
      : null,
  ],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: root('./styled-system') },
      // React Router publishes its production build beside the default (development) one, which keeps its
      // development warnings and messages in a shopper's download; the build takes the production one.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: root('./node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : []),
    ],
  },
  server: {
    // `npm run dev` serves the SPA on 5173 and proxies the API to the server on 8044.
    proxy: { '/api': 'http://localhost:8044' },
  },
  build: {
    outDir: 'dist',
    sourcemap: !isSsrBuild,
    // dist/.vite/manifest.json: each page's chunks, for the server's module preloads (server/web/page-assets.ts)
    // and `npm run check:budget`.
    manifest: !isSsrBuild,
    // Every browser the shop serves supports <link rel=modulepreload> (Safari from 17); one without it
    // still loads each chunk when imported, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // index.html (the app) and src/boot.ts, which index.html loads in its place and which imports the app
      // after the first paint (scripts/defer-page-code.ts). Boot imports nothing: the app's chunks are as
      // they would be without it.
      ...(isSsrBuild ? {} : { input: { index: root('./index.html'), boot: root('./src/boot.ts') } }),
      // Panda's generated recipes compute their variant keys at module level, which reads as a side effect;
      // they have none, so a chunk keeps only the recipes it calls (the shell no longer drags in select's).
      treeshake: { moduleSideEffects: [{ test: /[\\/]styled-system[\\/]/, sideEffects: false }] },
    },
  },
  test: {
    // The default report, and the slowest files and tests at the end (tests/setup/slowest-reporter.ts).
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
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
          include: ['tests/{server,machines,api,forms,shared,scripts}/**/*.test.ts'],
          // One seeded PGlite folder per run, copied for each test app (tests/setup/database-template.ts).
          globalSetup: ['tests/setup/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          // A screen test clicks through several lazy routes and axe walks the whole page: with both cores
          // busy (CI next to a build) that runs past vitest's 5 s default, which then fails a passing test.
          testTimeout: 30_000,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/ui.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:pg` (TEST_DATABASE=postgres): the server tests that depend on the database's
          // behaviour, again on PostgreSQL; the rest run once, in `npm test` (tests/setup/database-neutral.ts).
          name: 'postgres',
          environment: 'node',
          hookTimeout: 60_000,
          testTimeout: 30_000,
          include: ['tests/server/**/*.test.ts'],
          exclude: DATABASE_NEUTRAL.map((name) => `tests/server/${name}.test.ts`),
          // One seeded database per run, each app's created from it (tests/setup/database-template.ts).
          globalSetup: ['tests/setup/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Tests that start Debian's redis-server themselves: `npm run test:faults` runs them (CI installs
          // it); `npm test` stays runnable on a fresh machine with the embedded database alone.
          name: 'services',
          environment: 'node',
          hookTimeout: 60_000,
          testTimeout: 30_000,
          include: ['tests/services/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:security`: issue 22's attacks replayed against real server processes (tests/security/).
          name: 'security',
          environment: 'node',
          // Servers started on a fresh DATA_DIR start from a copy of one seeded PGlite folder (harness.ts).
          globalSetup: ['tests/setup/database-template.ts'],
          hookTimeout: 180_000,
          testTimeout: 120_000,
          include: ['tests/security/**/*.test.ts'],
        },
      },
    ],
  },
}));
