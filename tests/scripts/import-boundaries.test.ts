import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layers import one way (biome.json `overrides`, rule style/noRestrictedImports): shared/ ←
 * machines/ ← src/ (components, forms, api, theme ← features ← app), and server/ imports neither src/
 * nor machines/. These tests lint small files placed in each layer of a scratch copy of the layout,
 * with the repository's own biome.json, so a rule that stops firing fails here rather than silently.
 */

const root = join(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');
const RULE = 'lint/style/noRestrictedImports';

type Diagnostic = { category: string; message: string; location: { path: string; start: { line: number } } };

function lint(cwd: string, target = '.'): Diagnostic[] {
  const run = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', '--reporter=json', target], {
    cwd,
    encoding: 'utf8',
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`biome printed no report: ${run.stderr}`);
  const report = JSON.parse(run.stdout.slice(start)) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === RULE);
}

/** Each line is one import; `upward` ones must be reported, the others must not. */
const files: Record<string, { upward: string[]; allowed: string[] }> = {
  'shared/payment-rules.ts': {
    upward: [
      "import { z } from 'zod';",
      "import { cartMachine } from '../machines/cart.machine';",
      "import { toast } from '../src/components/ui/toast-queue';",
    ],
    allowed: ["import { PHONE } from './phone';", "import type { components } from '../contract/schema';"],
  },
  'shared/rules/address.ts': {
    upward: ["import { handleEmitted } from '../../src/app/emitted';", "import { x } from '../../server/x';"],
    allowed: ["import { PHONE } from '../phone';", "import { PIN } from './pin';"],
  },
  'machines/example.machine.ts': {
    upward: [
      "import { useState } from 'react';",
      "import { createApiClient } from '../src/api/client';",
      "import { toast } from '../src/components/ui/toast-queue';",
      "import { css } from 'styled-system/css';",
      "export { fields } from '../server/payments/fields';",
      "export const app = () => import('../src/app/App');",
    ],
    allowed: [
      "import { setup } from 'xstate';",
      "import { addLine } from './cart.model';",
      "import { PHONE } from '../shared/payment-rules';",
      "import type { components } from '../contract/schema';",
    ],
  },
  'server/handlers/example.handlers.ts': {
    upward: [
      "import { cartMachine } from '../../machines/cart.machine';",
      "import type { StoreInfo } from '../../machines/store-info.machine';",
      "import { createApiClient } from '../../src/api/client';",
      "import type { components } from '../../src/api/schema';",
      "import { run } from '../../scripts/seed';",
    ],
    allowed: [
      "import type { FastifyInstance } from 'fastify';",
      "import type { components } from '../../contract/schema';",
      "import { PHONE } from '../../shared/payment-rules';",
      "import { openDatabase } from '../db/client';",
    ],
  },
  // The server's first render shares the products query through shared/, never machines/.
  'server/web/page-head.ts': {
    upward: [
      "import { handleEmitted } from '../src/app/emitted';",
      "import { STORE_SNAPSHOT_ID } from '../src/app/actors/store-snapshot';",
      "import { x } from '../machines/cart.model';",
      "import { PAGE_SIZE } from '../machines/catalogue.model';",
    ],
    allowed: ["import { PAGE_SIZE } from '../shared/products-query';"],
  },
  'src/components/example.tsx': {
    upward: [
      "import { useMachines } from '../app/machines-context';",
      "import CartPage from '../features/cart/cart.page';",
      "import { buildApp } from '../../server/app';",
    ],
    allowed: [
      "import { PAGE_SIZE } from '../../machines/catalogue.model';",
      "import { css } from 'styled-system/css';",
    ],
  },
  'src/forms/example.schema.ts': {
    upward: ["import { handleEmitted } from '../app/emitted';"],
    allowed: ["import { z } from 'zod';", "import { PHONE } from '../../shared/payment-rules';"],
  },
  'src/features/checkout/example.tsx': {
    upward: [
      "import { request } from '../../app/actors/request';",
      "import { liveDeps } from '../../app/actors/live-deps';",
      "import { provideWishlistMachine } from '../wishlist/wishlist.live';",
      "import { openDatabase } from '../../../server/db/client';",
    ],
    allowed: [
      "import { provideCheckoutMachine } from './checkout.live';",
      "import { OrderLine } from '../orders';",
      "import { handleEmitted } from '../../app/emitted';",
      "import { Button } from '../../components/ui/button';",
      "import { checkoutMachine } from '../../../machines/checkout.machine';",
    ],
  },
  'src/app/example.tsx': {
    upward: [
      "import { buildApp } from '../../server/app';",
      "import { models } from '../../tests/machines/support/models';",
    ],
    allowed: [
      "import CartPage from '../features/cart/cart.page';",
      "import { request } from './actors/request';",
    ],
  },
};

describe('import boundaries (biome.json)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'statefront-boundaries-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }));
  for (const [path, { upward, allowed }] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), `${[...upward, ...allowed].join('\n')}\n`);
  }
  const reported = lint(scratch);
  const linesOf = (path: string) =>
    reported.filter((d) => d.location.path === path).map((d) => d.location.start.line);

  it.each(Object.entries(files))(
    'reports exactly the upward imports when %s imports across layers',
    (path, f) => {
      expect(linesOf(path)).toEqual(f.upward.map((_, i) => i + 1));
    },
  );

  it("reports no upward import in the repository's own sources", () => {
    const found = lint(root).map((d) => `${d.location.path}:${d.location.start.line} ${d.message}`);
    expect(found).toEqual([]);
  });
});
