import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deferPageCode } from '../../scripts/defer-page-code';
import { PAGE_CODE_TEMPLATE_ID } from '../../shared/first-screen';

const BUILT = [
  '<head>',
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/css-B.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
  '<script type="application/json" id="data">{}</script>',
  '</head>',
].join('\n');

describe('deferPageCode (the built index.html)', () => {
  it('asks for the boot module alone before the paint, naming the app and keeping its preloads inert', () => {
    const out = deferPageCode(BUILT, '/assets/boot-D.js');
    expect(out.split('\n')).toEqual([
      '<head>',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
      '<script type="application/json" id="data">{}</script>',
      '    <script type="module" crossorigin src="/assets/boot-D.js" data-app="/assets/index-A.js" fetchpriority="low"></script>',
      `    <template id="${PAGE_CODE_TEMPLATE_ID}"><link rel="modulepreload" crossorigin href="/assets/css-B.js"></template>`,
      '  </head>',
    ]);
  });

  it('leaves a page without a module script as it is', () => {
    const html = '<head><link rel="stylesheet" href="/a.css"></head>';
    expect(deferPageCode(html, '/assets/boot-D.js')).toBe(html);
  });
});

describe('src/boot.ts', () => {
  it('looks for the template by the id the build and the server write (it imports nothing, so it spells it)', () => {
    const boot = readFileSync(new URL('../../src/boot.ts', import.meta.url), 'utf8');
    expect(boot).toContain(`const PAGE_CODE_TEMPLATE_ID = '${PAGE_CODE_TEMPLATE_ID}';`);
  });
});
