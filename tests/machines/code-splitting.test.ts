import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

// Static imports and re-exports, and bare `import '…'`; `import type` is erased, `import(…)` is a split.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  // A folder resolves to its index (a feature's public entry: src/features/orders/index.ts).
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  if (!found || !/\.tsx?$/.test(found)) throw new Error(`Cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every source module a file pulls in statically (what lands in the same or an eagerly loaded chunk). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const specifier = match[1] as string;
      // Stylesheets and assets carry no code to split.
      if (/\.(css|svg|png|jpe?g|webp|json)$/.test(specifier)) continue;
      visit(resolveModule(file, specifier));
    }
  };
  visit(resolve(ROOT, entry));
  return new Set([...seen].map((file) => relative(ROOT, file)));
}

const PAGE_ONLY = [
  'machines/payment.machine.ts',
  'machines/checkout.machine.ts',
  'machines/account.machine.ts',
  'machines/my-orders.machine.ts',
  'machines/order-tracking.machine.ts',
  'src/features/payments/payment.live.ts',
  'src/features/checkout/checkout.live.ts',
  'src/app/actors/live-machines.ts',
];

describe('route-level code splitting', () => {
  it('keeps page machines out of the app shell when the entry is src/main.tsx', () => {
    const shell = staticGraph('src/main.tsx');
    // The walk reaches the root machines, so an empty graph cannot pass by accident.
    expect(shell).toContain('src/app/actors/root.live.ts');
    expect(shell).toContain('machines/auth.machine.ts');
    expect(PAGE_ONLY.filter((file) => shell.has(file))).toEqual([]);
  });

  it('leaves the Ark toaster out of the shell: it loads on the first toast', () => {
    const shell = staticGraph('src/main.tsx');
    expect(shell).toContain('src/components/ui/toast-queue.ts');
    expect(shell).toContain('src/components/ui/lazy-toaster.tsx');
    expect(shell.has('src/components/ui/toaster.tsx')).toBe(false);
  });

  it('loads neither checkout nor payment code when the home route module is added', () => {
    const home = staticGraph('src/features/catalogue/home.page.tsx');
    expect(home).toContain('src/features/catalogue/featured-products.live.ts');
    expect(PAGE_ONLY.filter((file) => home.has(file))).toEqual([]);
  });

  it('provides the payment machine from the payment route module when it is loaded', () => {
    expect(staticGraph('src/features/payments/payment.page.tsx')).toContain('machines/payment.machine.ts');
  });
});
