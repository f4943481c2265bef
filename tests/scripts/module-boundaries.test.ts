import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The feature folders' boundaries (biome.json `overrides`, rule style/noRestrictedImports): a feature
 * (src/features/<name>/) reaches another only through its index.ts, never server/, scripts/ or tests/,
 * and never the actors in src/app/actors/ (its *.live.ts modules only their plumbing); src/components and
 * the other shared folders never import a feature; server/ never imports src/, and only the API routes
 * (server/app.ts, server/plugins/api-routes.ts) import a *.handlers module. Each case plants one
 * file in a scratch copy of the layout, linted with the repository's own biome.json, and expects Biome
 * to fail naming the rule's message, or (the controls) to pass. Biome's stdin mode (--stdin-file-path)
 * prints no lint diagnostics and exits 1 for allowed and forbidden imports alike, so files it is.
 */

const root = join(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');

const scratch = mkdtempSync(join(tmpdir(), 'statefront-modules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
writeFileSync(join(scratch, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }));

/** Biome's lint of `source` planted at `path` (relative to the repository's root): exit status and output. */
function lintPlanted(path: string, source: string): { status: number | null; output: string } {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${source}\n`);
  try {
    const run = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', '--colors=off', path], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file);
  }
}

const FEATURE_ENTRY = 'A feature imports another feature only through its public entry';

const violations: [string, string, string, string][] = [
  [
    'a feature imports server/',
    'src/features/orders/planted.ts',
    "import { loadConfig } from '../../../server/infra/config';",
    'src/ never imports server/',
  ],
  [
    "a feature imports another feature's file",
    'src/features/payments/planted.tsx',
    "import { OrderCard } from '../orders/order-card';",
    FEATURE_ENTRY,
  ],
  [
    "a view in a feature's sub-folder imports another feature's file",
    'src/features/catalogue/home/planted.tsx',
    "import CartPage from '../../cart/cart.page';",
    FEATURE_ENTRY,
  ],
  [
    "a live actor imports another feature's live actor",
    'src/features/checkout/planted.live.ts',
    "import { provideAuthMachine } from '../accounts/auth.live';",
    FEATURE_ENTRY,
  ],
  [
    'a screen imports the actors',
    'src/features/orders/planted.tsx',
    "import { call } from '../../app/actors/request';",
    "A feature's screens and views never import the actors",
  ],
  [
    'a live actor imports an actor module that is not plumbing',
    'src/features/orders/planted.live.ts',
    "import { liveMachines } from '../../app/actors/root.live';",
    "A feature's live actors use only the actors' plumbing",
  ],
  [
    'a feature imports tests/',
    'src/features/cart/planted.ts',
    "import { inMemoryLiveMachines } from '../../../tests/setup/live-machines';",
    'scripts/ and tests/ are tools around the app',
  ],
  [
    'src/components imports a feature',
    'src/components/planted.tsx',
    "import { OrderLine } from '../features/orders';",
    'they never import src/app or src/features',
  ],
  [
    'src/forms imports a feature',
    'src/forms/planted.ts',
    "import { contactSchema } from '../features/messages/contact.schema';",
    'they never import src/app or src/features',
  ],
  [
    'server/ imports src/',
    'server/orders/planted.ts',
    "import { api } from '../../src/api/client';",
    'server/ imports neither src/ nor machines/',
  ],
  [
    "a server module imports another feature's handlers",
    'server/web/planted.ts',
    "import { toFindQuery } from '../catalogue/products.handlers';",
    "A *.handlers module is a route's edge",
  ],
  [
    "a server handlers module imports a sibling's handlers",
    'server/returns/planted.handlers.ts',
    "import { fulfilmentHandlers } from '../orders/fulfilment.handlers';",
    "A *.handlers module is a route's edge",
  ],
];

const allowed: [string, string, string][] = [
  [
    "a feature imports another's public entry",
    'src/features/payments/planted.tsx',
    "import { OrderLine } from '../orders';",
  ],
  [
    "a screen imports the app's hooks, its own live actor and shared UI",
    'src/features/orders/planted.tsx',
    [
      "import { usePageActor } from '../../app/app-actor';",
      "import { Button } from '../../components/ui/button';",
      "import { myOrdersMachine } from '../../../machines/my-orders.machine';",
      "import { provideMyOrdersMachine } from './my-orders.live';",
    ].join('\n'),
  ],
  [
    "a view in a sub-folder imports its own feature's files",
    'src/features/catalogue/home/planted.tsx',
    "import { Hero } from './hero';\nimport QuickView from '../quick-view';",
  ],
  [
    'a live actor imports the plumbing',
    'src/features/orders/planted.live.ts',
    "import type { LiveDeps } from '../../app/actors/live-deps';\nimport { call } from '../../app/actors/request';",
  ],
  [
    "the shell imports a feature's files",
    'src/app/planted.tsx',
    "import { AuthLayout } from '../features/accounts/auth-layout';",
  ],
  [
    "the API routes import every feature's handlers",
    'server/plugins/api-routes.ts',
    "import { productsHandlers } from '../catalogue/products.handlers';",
  ],
  [
    'a server feature imports what another shares in a module of its own',
    'server/web/planted.ts',
    "import { toFindQuery } from '../catalogue/find-query';\nimport { placeOrder } from '../orders/orders.service';",
  ],
];

describe('feature boundaries (biome.json noRestrictedImports)', () => {
  it.each(violations)('fails naming the rule when %s', (_, path, source, message) => {
    const { status, output } = lintPlanted(path, source);
    expect(status).not.toBe(0);
    expect(output).toContain(message);
  });

  it.each(allowed)('passes when %s', (_, path, source) => {
    const { status, output } = lintPlanted(path, source);
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});
