/**
 * server/web/static.ts reads the built SPA at start. Development starts (source maps served) failed on a
 * busy host: every source map was brotli-compressed at start, 96 of them in 18.6 s, past Fastify's
 * 10 s plugin timeout. A map is compressed when it is first asked for instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaticFiles } from '../../server/web/static';

const root = mkdtempSync(join(tmpdir(), 'statefront-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadStaticFiles', () => {
  it('compresses pages and scripts at start, source maps only when asked for', () => {
    mkdirSync(join(root, 'assets'));
    const text = 'const statefront = "a storefront";\n'.repeat(4000);
    writeFileSync(join(root, 'assets/app-abc.js'), text);
    writeFileSync(
      join(root, 'assets/app-abc.js.map'),
      JSON.stringify({ version: 3, sourcesContent: [text] }),
    );
    const files = loadStaticFiles(root, { sourceMaps: true });
    const script = files.get('/assets/app-abc.js')?.body;
    const map = files.get('/assets/app-abc.js.map')?.body;
    expect(script?.size).toBeGreaterThan(script?.identity.length ?? 0);
    expect(map?.size).toBe(map?.identity.length);
    // Asked for, it is compressed then (once) like any other file.
    expect(map?.body('br').length).toBeLessThan(map?.identity.length ?? 0);
  });
});
