import { describe, expect, it } from 'vitest';
import { checkBudget, homeFiles, JS_BUDGET, JS_TARGET, type Manifest } from '../../scripts/js-budget';
import { shouldPrecompress } from '../../scripts/precompress';
import { pagePreloads } from '../../server/page-assets';
import { screenModules } from '../../src/app/routes';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/routes/home.page.tsx', 'src/routes/payment.page.tsx'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: [] },
  'src/routes/home.page.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_shared.js'],
  },
  '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
  'src/routes/payment.page.tsx': { file: 'assets/payment.js', isDynamicEntry: true, imports: ['_qr.js'] },
  '_qr.js': { file: 'assets/qr.js' },
};

describe('js-budget', () => {
  it('counts the entry, its static imports and the home route, never a dynamic import of another route', () => {
    expect(homeFiles(manifest)).toEqual({
      js: ['assets/index.js', 'assets/shared.js', 'assets/home.js', 'assets/card.js'],
      css: ['assets/index.css'],
    });
  });

  it('fails above the JS budget and above the page budget, and passes at the limit', () => {
    const css = [{ file: 'a.css', bytes: 10 }];
    expect(checkBudget([{ file: 'a.js', bytes: 100 }], css, { js: 100, page: 110 }).failures).toEqual([]);
    expect(checkBudget([{ file: 'a.js', bytes: 101 }], css, { js: 100, page: 200 }).failures).toHaveLength(1);
    const both = checkBudget([{ file: 'a.js', bytes: 101 }], css, { js: 100, page: 110 });
    expect(both.failures).toHaveLength(2);
    expect(both.pageTotal).toBe(111);
    expect(JS_BUDGET).toBeGreaterThanOrEqual(JS_TARGET);
    expect(JS_TARGET).toBe(90 * 1024);
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

describe('page preloads', () => {
  it("preloads a page's screen chunk and its static imports, never what the entry already loads", () => {
    const preloads = pagePreloads(manifest as never);
    expect(preloads(['src/routes/home.page.tsx'])).toEqual(['/assets/home.js', '/assets/card.js']);
    expect(preloads(['src/routes/payment.page.tsx'])).toEqual(['/assets/payment.js', '/assets/qr.js']);
    expect(preloads(['src/routes/none.tsx'])).toEqual([]);
  });

  it('names the screen modules each route shows, as the build manifest keys them', () => {
    expect(screenModules('/')).toEqual(['src/routes/home.page.tsx']);
    expect(screenModules('/product/abc')).toEqual(['src/routes/product.page.tsx']);
    expect(screenModules('/login')).toEqual(['src/routes/login.page.tsx']);
    expect(screenModules('/checkout')).toEqual(['src/routes/checkout.page.tsx']);
    expect(screenModules('/terms')).toEqual(['src/routes/policy.page.tsx']);
    expect(screenModules('/no/such/page')).toEqual(['src/routes/not-found.page.tsx']);
  });
});
