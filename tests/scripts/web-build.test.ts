import { describe, expect, it } from 'vitest';
import { checkBudget, homeFiles, JS_BUDGET, JS_TARGET, type Manifest } from '../../scripts/js-budget';
import { shouldPrecompress } from '../../scripts/precompress';
import { injectShell, shellMarkup, storeSnapshot } from '../../scripts/prerender-shell';
import { AUTH_PATHS, bootScript, chunkClosure, withBootScript } from '../../scripts/route-preload';
import { AuthLayout } from '../../src/app/layouts/auth-layout';
import { appRoutes } from '../../src/app/routes';

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

describe('route preload', () => {
  it('lists a route chunk and its static imports, leaving out what the entry loads', () => {
    const chunks = [
      { fileName: 'entry.js', imports: ['shared.js'], facadeModuleId: 'main.tsx', isEntry: true },
      { fileName: 'shared.js', imports: [], facadeModuleId: null, isEntry: false },
      { fileName: 'home.js', imports: ['card.js', 'shared.js'], facadeModuleId: 'home.tsx', isEntry: false },
      { fileName: 'card.js', imports: ['shared.js', 'home.js'], facadeModuleId: null, isEntry: false },
    ];
    const entry = chunks[0]!;
    const entryFiles = new Set(chunkClosure(chunks, entry, new Set()));
    expect([...entryFiles]).toEqual(['entry.js', 'shared.js']);
    expect(chunkClosure(chunks, chunks[2]!, entryFiles)).toEqual(['home.js', 'card.js']);
  });

  it('loads the boot script before the CSS and leaves the entry and its module preloads to it', () => {
    const html =
      '<head>\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/cx-1.js">\n    <link rel="stylesheet" href="/assets/index.css">\n  </head>';
    const result = withBootScript(html, '/', 'assets/boot-1.js');
    expect(result.entry).toBe('/assets/index-abc.js');
    expect(result.modules).toEqual(['/assets/index-abc.js', '/assets/cx-1.js']);
    expect(result.html).not.toContain('<script type="module"');
    expect(result.html).not.toContain('modulepreload');
    expect(result.html).toBe(
      '<head>\n    <script src="/assets/boot-1.js"></script>\n    <link rel="stylesheet" href="/assets/index.css">\n  </head>',
    );
    const source = bootScript(
      '/',
      result.entry,
      [
        {
          path: '^/product/([^/]+)/?$',
          files: ['assets/product.js'],
          images: [],
          api: ['/api/v1/products/$1'],
        },
      ],
      result.modules,
    );
    expect(source).toContain('"/assets/index-abc.js"');
    expect(source).toContain('"/assets/cx-1.js"');
    expect(() => new Function(source)).not.toThrow();
  });

  it("marks exactly the auth layout's pages (routes.tsx) as the auth layout", () => {
    const auth = appRoutes[0]?.children?.find(
      (route) => (route.element as { type?: unknown })?.type === AuthLayout,
    );
    const paths = (auth?.children ?? []).map((route) => `/${route.path}`);
    expect(paths).toContain('/login');
    expect(paths.filter((p) => !AUTH_PATHS.test(p))).toEqual([]);
    expect(['/login', '/register', '/login/'].every((p) => AUTH_PATHS.test(p))).toBe(true);
    expect(['/', '/products', '/login-help', '/account'].some((p) => AUTH_PATHS.test(p))).toBe(false);
  });
});

describe('prerendered shell', () => {
  it('puts the frame inside #root and the store snapshot in a JSON block that no value can close', () => {
    const html = '<body>\n    <div id="root"></div>\n  </body>';
    const store = { storeName: 'A</script><script>alert(1)</script>' } as never;
    const out = injectShell(html, '<header>frame</header>', store);
    // Between markers, where the server puts a page's own first screen (server/page-head.ts).
    expect(out).toContain(
      '<div id="root"><div data-shell=""><!--frame--><header>frame</header><!--/frame--></div></div>',
    );
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).toContain('\\u003c/script>');
    expect(() => injectShell('<div id="app"></div>', '', store)).toThrow(/no empty <div id="root">/);
  });

  it("does not fetch the home page's hero on other pages: the frame's hero image is lazy and not preloaded", () => {
    const markup = shellMarkup(storeSnapshot('store.config.json'));
    const hero = /<img[^>]*src="\/images\/hero.svg"[^>]*>/.exec(markup)?.[0] ?? '';
    expect(hero).toContain('loading="lazy"');
    expect(hero).not.toMatch(/fetchpriority="high"/i);
    expect(markup).not.toMatch(/<link[^>]*rel="preload"[^>]*hero\.svg/);
  });
});
