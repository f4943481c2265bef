import { describe, expect, it } from 'vitest';
import {
  BUDGET_TOLERANCE_KB,
  checkBudget,
  lazyPartModules,
  loweredBudgets,
  type Manifest,
  routeFiles,
  routeModules,
  unpreloadableParts,
  withoutChunkHashes,
} from '../../scripts/js-budget';
import { shouldPrecompress } from '../../scripts/precompress';
import { pagePreloads } from '../../server/web/page-assets';

const manifest: Manifest = {
  // The boot module (src/boot.ts): an entry of its own, importing nothing; index.html's is the app.
  'src/boot.ts': { file: 'assets/boot.js', isEntry: true },
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/features/catalogue/home.page.tsx', 'src/features/payments/payment.page.tsx'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: [] },
  'src/features/catalogue/home.page.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_shared.js'],
  },
  '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
  'src/features/payments/payment.page.tsx': {
    file: 'assets/payment.js',
    isDynamicEntry: true,
    imports: ['_qr.js'],
  },
  '_qr.js': { file: 'assets/qr.js' },
};

describe('js-budget', () => {
  it("counts a route's entry, its static imports and the route chunk, never a dynamic import of another route", () => {
    expect(routeFiles(manifest, 'src/features/catalogue/home.page.tsx')).toEqual({
      js: ['assets/index.js', 'assets/shared.js', 'assets/home.js', 'assets/card.js'],
      css: ['assets/index.css'],
    });
    expect(routeFiles(manifest, 'src/features/payments/payment.page.tsx').js).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/payment.js',
      'assets/qr.js',
    ]);
    expect(routeModules(manifest)).toEqual([
      'src/features/catalogue/home.page.tsx',
      'src/features/payments/payment.page.tsx',
    ]);
  });

  it('fails a route past its ceiling and tolerance or without a ceiling, and notes one within the tolerance', () => {
    const css = [{ file: 'a.css', bytes: 10 }];
    const tolerance = BUDGET_TOLERANCE_KB * 1024;
    expect(BUDGET_TOLERANCE_KB).toBeGreaterThanOrEqual(1);
    expect(checkBudget('r', [{ file: 'a.js', bytes: 100 }], css, 100)).toMatchObject({
      failures: [],
      notes: [],
    });
    // A module moved to where it belongs may cost a few hundred bytes: noted, never blocked.
    const within = checkBudget('r', [{ file: 'a.js', bytes: 100 + tolerance }], css, 100);
    expect(within.failures).toEqual([]);
    expect(within.notes).toEqual([
      `r: JS ${((100 + tolerance) / 1024).toFixed(1)} KB is ${BUDGET_TOLERANCE_KB.toFixed(1)} KB over its 0.1 KB ceiling, within the ${BUDGET_TOLERANCE_KB.toFixed(1)} KB tolerance`,
    ]);
    expect(checkBudget('r', [{ file: 'a.js', bytes: 101 + tolerance }], css, 100).failures).toHaveLength(1);
    expect(checkBudget('r', [{ file: 'a.js', bytes: 1 }], css, undefined).failures[0]).toMatch(/no ceiling/);
    expect(checkBudget('r', [{ file: 'a.js', bytes: 101 }], css, 200).pageTotal).toBe(111);
  });

  it('--lower only ever lowers a ceiling, and gives a new route its own', () => {
    const kb = 1024;
    expect(loweredBudgets({ a: 100, b: 50 }, { a: 90 * kb, b: 60 * kb, c: 10 * kb })).toEqual({
      a: 90.3,
      b: 50,
      c: 10.3,
    });
  });
});

describe('the budgeted JS', () => {
  it("measures code, not chunk names' hashes: two builds that differ only in hashes measure alike", () => {
    const one =
      'import{a as r}from"./card-Bx3kP9aQ.js";const m=["assets/cart.page-s06qYu3U.js","assets/app-Q_9z-1Ab.css"]';
    const two =
      'import{a as r}from"./card-A1b2C3d4.js";const m=["assets/cart.page-Zz00Yy11.js","assets/app-0a1B2c3D.css"]';
    expect(withoutChunkHashes(one)).toBe(withoutChunkHashes(two));
    expect(withoutChunkHashes(one)).toBe(
      'import{a as r}from"./card-########.js";const m=["assets/cart.page-########.js","assets/app-########.css"]',
    );
  });

  it('leaves code that only looks like a name alone', () => {
    const code = 'const id="order-12345678";x.js=1;fetch("/api/v1/products-abcdefgh.json")';
    expect(withoutChunkHashes(code)).toBe(code);
  });
});

describe('precompress', () => {
  it('compresses text assets over 1 KB, never source maps or images', () => {
    expect(shouldPrecompress('dist/assets/index.js', 2048)).toBe(true);
    expect(shouldPrecompress('dist/index.html', 1500)).toBe(true);
    expect(shouldPrecompress('dist/images/hero.svg', 9000)).toBe(true);
    expect(shouldPrecompress('dist/assets/index.js', 1024)).toBe(false);
    expect(shouldPrecompress('dist/assets/index.js.map', 90_000)).toBe(false);
    expect(shouldPrecompress('dist/images/product.webp', 90_000)).toBe(false);
  });
});

describe('lazy parts in the build', () => {
  it('finds the module each lazy part names, and refuses one the manifest has no chunk for', () => {
    const sources = [
      "export const A = lazyPart<Props>(\n  'src/features/catalogue/home.page.tsx',\n  () => import('./a'),\n);",
      "const B = lazyPart('src/shared-only.tsx', () => import('./b'));",
    ];
    const modules = lazyPartModules(sources);
    expect(modules).toEqual(['src/features/catalogue/home.page.tsx', 'src/shared-only.tsx']);
    expect(unpreloadableParts(manifest, modules)).toEqual(['src/shared-only.tsx']);
  });
});

describe('page preloads', () => {
  it("preloads a page's screen chunk and its static imports, never what the entry already loads", () => {
    const preloads = pagePreloads(manifest as never);
    expect(preloads(['src/features/catalogue/home.page.tsx'])).toEqual([
      '/assets/home.js',
      '/assets/card.js',
    ]);
    expect(preloads(['src/features/payments/payment.page.tsx'])).toEqual([
      '/assets/payment.js',
      '/assets/qr.js',
    ]);
    expect(preloads(['src/features/none/none.page.tsx'])).toEqual([]);
  });
});
