/**
 * `npm run stock -- <set|import> …`: an operator's client of the signed stock API (PUT
 * /api/v1/fulfilment/stock; docs/stock.md). Like `npm run orders` (scripts/orders.ts) it talks HTTP to a
 * running server, reads STATEFRONT_URL (default http://localhost:8044) and FULFILMENT_SECRET (the
 * server's), and exits 1 on any refusal, 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { components, Product, StockEntry } from '../contract/schema';
import { optionValues } from '../shared/product-options';
import { escapeControls } from '../shared/text';
import {
  call,
  HttpRefusal,
  operatorTarget,
  Refusal,
  runCommand,
  signedCall,
  UsageError,
} from './operator-api';
import { batches, MAX_BATCH, noneCell, readStockCsv, type StockCsvRow, unitsOf } from './stock-csv';

const USAGE = `Usage:
  npm run stock -- set <product> <size> <colour> <units>
  npm run stock -- import <file.csv> [--batch <rows>]

set sets one size and colour of a product to <units> (what was counted, not a change): <product> is its
id or its exact title; "-" stands for no size or no colour (a product sold in one).
  npm run stock -- set 0147062b-c04c-5763-a25b-cd582ae0b55a M Indigo 12
  npm run stock -- set "Indigo Block-Print Kurta" XL Indigo 0
  npm run stock -- set "Kullu Wool Stole" "One Size" Charcoal 40
import reads a CSV with the header product,size,colour,units (or color), product by id, and sends it in
batches of at most ${MAX_BATCH} rows and 1 MB (--batch: fewer rows); each batch is stored whole or not
at all, and a bad row is named by its line.
A product with no stock rows is not counted and never sells out; once it has one, a size or colour
without a row is sold out (docs/stock.md).
Environment: STATEFRONT_URL (default http://localhost:8044), FULFILMENT_SECRET (required, the server's).`;

type StockItem = components['schemas']['SetStockRequest']['items'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A batch of 5000 rows is one transaction; a busy PGlite can take a while. */
const TIMEOUT_MS = 120_000;

/** PUT /fulfilment/stock, signed over the exact bytes sent: the rows as stored. */
async function putStock(base: URL, secret: string, items: StockItem[]): Promise<StockEntry[]> {
  const body = (await signedCall(base, secret, 'PUT', '/api/v1/fulfilment/stock', { items }, TIMEOUT_MS)) as {
    items: StockEntry[];
  };
  return body.items;
}

const variant = (size: string | null, color: string | null) =>
  [size ?? 'one size', color ?? 'one colour'].join(', ');

/** The product an operator named: its id (as given), or the one product whose title is exactly it. */
async function findProduct(base: URL, named: string): Promise<Product> {
  if (UUID.test(named)) {
    try {
      return (await call(
        new URL(`/api/v1/products/${encodeURIComponent(named)}`, base),
        {},
        TIMEOUT_MS,
      )) as Product;
    } catch (error) {
      if (error instanceof HttpRefusal && error.status === 404) throw new Refusal(`No product ${named}`);
      throw error;
    }
  }
  const url = new URL('/api/v1/products', base);
  url.searchParams.set('q', named);
  url.searchParams.set('limit', '100');
  const page = (await call(url, {}, TIMEOUT_MS)) as { data: Product[] };
  const wanted = named.trim().toLowerCase();
  const exact = page.data.filter((product) => product.title.trim().toLowerCase() === wanted);
  const [only] = exact;
  if (only && exact.length === 1) return only;
  const list = (products: Product[]) =>
    products
      .slice(0, 8)
      .map((product) => `\n  ${product.id}  ${escapeControls(product.title)}`)
      .join('');
  if (exact.length > 1)
    throw new Refusal(`${exact.length} products are titled "${named}"; give the id:${list(exact)}`);
  throw new Refusal(
    page.data.length > 0
      ? `No product is titled exactly "${escapeControls(named)}"; did you mean one of these (give its title or id)?${list(page.data)}`
      : `No product matches "${escapeControls(named)}"`,
  );
}

/** `set <product> <size> <colour> <units>`: one size and colour, then what else of it is sold out. */
async function setOne(base: URL, secret: string, args: string[]): Promise<void> {
  const [named, sizeArg, colorArg, unitsArg, ...extra] = args;
  if (named === undefined || sizeArg === undefined || colorArg === undefined || unitsArg === undefined)
    throw new UsageError('set needs <product> <size> <colour> <units> ("-" for no size or no colour)');
  if (extra.length > 0) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}`);
  const units = unitsOf(unitsArg.trim());
  if (typeof units === 'string') throw new UsageError(units);
  const product = await findProduct(base, named.trim());
  const size = noneCell(sizeArg.trim());
  const color = noneCell(colorArg.trim());
  const stored = await putStock(base, secret, [{ productId: product.id, size, color, units }]);
  const title = escapeControls(product.title);
  // The answer holds every row of the product; show the one set (stored in the product's own spelling).
  const same = (a: string | null, b: string | null) =>
    (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  const set = stored.filter(
    (entry) => (size === null || same(entry.size, size)) && (color === null || same(entry.color, color)),
  );
  for (const entry of set)
    console.log(
      `${title} (${product.id}) ${escapeControls(variant(entry.size, entry.color))}: ${entry.left} left`,
    );
  // Once a product is counted, a size or colour with no row is sold out: say which, so none is by mistake.
  const url = new URL('/api/v1/stock', base);
  url.searchParams.set('products', product.id);
  const { items } = (await call(url, {}, TIMEOUT_MS)) as { items: StockEntry[] };
  const sizes = optionValues(product.attributes, 'size');
  const colors = optionValues(product.attributes, 'color');
  const without = (sizes.length > 0 ? sizes : [null]).flatMap((s) =>
    (colors.length > 0 ? colors : [null])
      .filter((c) => !items.some((entry) => same(entry.size, s) && same(entry.color, c)))
      .map((c) => variant(s, c)),
  );
  if (without.length > 0)
    console.log(
      `No row yet, so sold out: ${escapeControls(without.join('; '))} (npm run stock -- set … to count them)`,
    );
}

/** The line of the row a 400 names (`items[12]`, `items/12`), if it names one. */
function namedRow(reason: string, batch: readonly StockCsvRow[]): StockCsvRow | undefined {
  const match = /items(?:\[(\d+)\]|\/(\d+)|\.(\d+))/.exec(reason);
  const index = match ? Number(match[1] ?? match[2] ?? match[3]) : Number.NaN;
  return Number.isInteger(index) ? batch[index] : undefined;
}

/** `import <file.csv>`: every row checked first, then batch by batch; stops at the first refused batch. */
async function importFile(base: URL, secret: string, args: string[], batchArg?: string): Promise<void> {
  const [file, ...extra] = args;
  const batchSize = batchArg === undefined ? MAX_BATCH : Number(batchArg);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH)
    throw new UsageError(`--batch must be a whole number from 1 to ${MAX_BATCH}`);
  if (!file) throw new UsageError('import needs a CSV file (header product,size,colour,units)');
  if (extra.length > 0) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const { rows, problems } = readStockCsv(text);
  if (problems.length > 0) {
    for (const problem of problems.slice(0, 20))
      console.error(`${file}:${problem.line}: ${escapeControls(problem.message)}`);
    if (problems.length > 20) console.error(`… and ${problems.length - 20} more`);
    throw new Refusal(`${problems.length} bad row(s) in ${file}; nothing was sent`);
  }
  const runs = batches(rows, batchSize);
  let stored = 0;
  for (const [index, batch] of runs.entries()) {
    const lines = `lines ${batch[0]?.line}–${batch.at(-1)?.line}`;
    const items = batch.map(({ productId, size, color, units }) => ({ productId, size, color, units }));
    try {
      await putStock(base, secret, items);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const row = error instanceof HttpRefusal ? namedRow(error.reason, batch) : undefined;
      const where = row ? `${file}:${row.line}: ` : '';
      const before = stored > 0 ? `; the ${stored} rows before line ${batch[0]?.line} are stored` : '';
      throw new Refusal(
        `${where}${error.message}\nbatch ${index + 1} of ${runs.length} (${lines}) refused: nothing of it was stored${before}`,
      );
    }
    stored += batch.length;
    console.log(`batch ${index + 1} of ${runs.length} (${lines}): ${batch.length} rows stored`);
  }
  console.log(`${stored} rows from ${file} stored`);
}

async function main(argv: string[]): Promise<void> {
  let parsed: { values: { help?: boolean | undefined; batch?: string | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' }, batch: { type: 'string' } },
    });
  } catch (error) {
    // e.g. a negative count, which parseArgs reads as an unknown option
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    if (!command && !values.help) process.exitCode = 2;
    return;
  }
  if (command !== 'set' && command !== 'import') throw new UsageError(`Unknown command "${command}"`);
  const { base, secret } = operatorTarget();
  if (command === 'set') {
    if (values.batch !== undefined) throw new UsageError('--batch is for import');
    await setOne(base, secret, args);
  } else await importFile(base, secret, args, values.batch);
}

runCommand(main, USAGE);
