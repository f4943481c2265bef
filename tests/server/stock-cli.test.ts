/**
 * `npm run stock` (scripts/stock.ts) against a real server on a loopback port: set by id and by title,
 * import a CSV in batches, and the refusals (a bad row named by its line with nothing of its batch
 * stored, a wrong secret, bad usage) with a non-zero exit. Every change is read back from the table.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { rowsOf } from '../../server/db/rows';
import { optionValues } from '../../shared/product-options';
import { fulfilmentConfig, runOperatorCommand, setupTestApp } from './helpers';

const SECRET = 'stock-cli-secret-0123456789abcdef012345';

// From the demo catalogue (server/catalogue/seed-men.ts, seed-accessories.ts, seed-t-shirts.ts).
const KURTA = { id: '0147062b-c04c-5763-a25b-cd582ae0b55a', title: 'Indigo Block-Print Kurta' };
const STOLE = { id: '8681f915-5209-5990-a916-15740472a772', title: 'Kullu Wool Stole' };
const POLO = { id: 'b116441f-306f-5b23-96d5-cfdbc70f5b61', title: 'Classic Pique Polo' };

const t = setupTestApp(fulfilmentConfig(SECRET));
let baseUrl: string;
let dir: string;
beforeAll(async () => {
  // The demo seed counts every demo product (server/catalogue/demo-stock.ts): start from none counted.
  await t.ctx.db.execute(sql`delete from product_stock`);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(join(tmpdir(), 'statefront-stock-cli-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const stock = (args: string[], secret = SECRET) =>
  runOperatorCommand('scripts/stock.ts', args, baseUrl, secret);

/** The product's rows as the table holds them: `size/colour` → units ('' for none). */
async function stockRows(productId: string): Promise<Record<string, number>> {
  const result = await t.ctx.db.execute(
    sql`select size, color, units from product_stock where product_id = ${productId} order by size, color`,
  );
  return Object.fromEntries(
    rowsOf<{ size: string; color: string; units: number }>(result).map((row) => [
      `${row.size}/${row.color}`,
      Number(row.units),
    ]),
  );
}

function csv(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('npm run stock -- set', () => {
  it('sets a size and colour by id, then by exact title, and says which variants are left sold out', async () => {
    const byId = await stock(['set', KURTA.id, 'M', 'Indigo', '12']);
    expect(byId.stderr).toBe('');
    expect(byId).toMatchObject({ code: 0 });
    expect(byId.stdout).toContain(`${KURTA.title} (${KURTA.id}) M, Indigo: 12 left`);
    expect(byId.stdout).toMatch(/No row yet, so sold out: S, Indigo; L, Indigo; XL, Indigo; XXL, Indigo/);
    expect(await stockRows(KURTA.id)).toEqual({ 'M/Indigo': 12 });

    const byTitle = await stock(['set', 'indigo block-print kurta', 'M', 'Indigo', '3']);
    expect(byTitle.code, byTitle.stderr).toBe(0);
    expect(byTitle.stdout).toContain('M, Indigo: 3 left');
    expect(await stockRows(KURTA.id)).toEqual({ 'M/Indigo': 3 });
  }, 60_000);

  it('exits 1 and stores nothing when the product or its size is unknown', async () => {
    const unknownTitle = await stock(['set', 'Velvet Space Suit', 'M', 'Black', '4']);
    expect(unknownTitle.code).toBe(1);
    expect(unknownTitle.stderr).toMatch(/No product (matches|is titled exactly) "Velvet Space Suit"/);

    const badSize = await stock(['set', POLO.id, 'XS', 'Navy', '4']);
    expect(badSize.code).toBe(1);
    expect(badSize.stderr).toMatch(/400: /);
    expect(await stockRows(POLO.id)).toEqual({});
  }, 60_000);

  it('exits 1 on a wrong secret and 2 on bad usage, changing nothing', async () => {
    const wrong = await stock(
      ['set', STOLE.id, 'One Size', 'Beige', '9'],
      'another-secret-0123456789abcdef01234',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401: /);
    expect((await stock(['set', STOLE.id, 'One Size', 'Beige'])).code).toBe(2);
    expect((await stock(['set', STOLE.id, 'One Size', 'Beige', '-1'])).code).toBe(2);
    expect((await stock(['set', STOLE.id, 'One Size', 'Beige', '2.5'])).code).toBe(2);
    expect((await stock(['count'])).code).toBe(2);
    expect((await stock(['set', STOLE.id, 'One Size', 'Beige', '9'], '')).code).toBe(2);
    expect(await stockRows(STOLE.id)).toEqual({});
  }, 60_000);
});

describe('npm run stock -- import', () => {
  it('stores every row of a CSV with quotes and blank lines', async () => {
    const file = csv('stole.csv', [
      'product,size,color,units',
      `${STOLE.id},"One Size",Charcoal,40`,
      '',
      ` ${STOLE.id} , One Size , Beige , 7 `,
    ]);
    const imported = await stock(['import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('batch 1 of 1 (lines 2–4): 2 rows stored');
    expect(await stockRows(STOLE.id)).toEqual({ 'One Size/Beige': 7, 'One Size/Charcoal': 40 });
  }, 60_000);

  it('names a row the server refuses by its line and stores nothing of its batch', async () => {
    const file = csv('polo.csv', [
      'product,size,colour,units',
      `${POLO.id},S,Navy,1`,
      `${POLO.id},M,Navy,2`,
      `${POLO.id},L,Navy,3`,
      `${POLO.id},XS,Navy,4`,
      `${POLO.id},XL,Navy,5`,
    ]);
    // Batches of two: lines 2–3 are stored, lines 4–5 refused for line 5 (no XS), line 6 never sent.
    const imported = await stock(['import', file, '--batch', '2']);
    expect(imported.code).toBe(1);
    expect(imported.stdout).toContain('batch 1 of 3 (lines 2–3): 2 rows stored');
    expect(imported.stderr).toContain(`${file}:5: 400: `);
    expect(imported.stderr).toContain(
      'batch 2 of 3 (lines 4–5) refused: nothing of it was stored; the 2 rows before line 4 are stored',
    );
    expect(await stockRows(POLO.id)).toEqual({ 'M/Navy': 2, 'S/Navy': 1 });
  }, 60_000);

  it('sends nothing when a row is bad before sending', async () => {
    const file = csv('bad.csv', [
      'product,size,colour,units',
      `${KURTA.id},L,Indigo,5`,
      `${KURTA.id},XL,Indigo,lots`,
    ]);
    const imported = await stock(['import', file]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(
      `${file}:3: units must be a whole number from 0 to 1000000, not "lots"`,
    );
    expect(imported.stderr).toContain('1 bad row(s)');
    expect(await stockRows(KURTA.id)).not.toHaveProperty('L/Indigo');
    expect((await stock(['import', join(dir, 'missing.csv')])).code).toBe(2);
  }, 60_000);

  // Last: it counts every demo product, which the tests above expect not counted.
  it('stores a count of every size and colour of the demo catalogue in one go', async () => {
    const lines = ['product,size,colour,units'];
    for (const [index, product] of catalogue.entries())
      for (const size of optionValues(product.attributes, 'size'))
        for (const color of optionValues(product.attributes, 'color'))
          lines.push(`${product.id},"${size}","${color}",${(index * 7 + lines.length) % 60}`);
    const imported = await stock(['import', csv('all.csv', lines)]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`${lines.length - 1} rows from`);
    const result = await t.ctx.db.execute(
      sql`select count(*)::int as n, sum(units)::int as units from product_stock`,
    );
    const expected = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(rowsOf(result)[0]).toEqual({ n: lines.length - 1, units: expected });
  }, 60_000);
});
