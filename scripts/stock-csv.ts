/**
 * The CSV that `npm run stock -- import` reads (scripts/stock.ts, docs/stock.md): a header naming
 * `product`, `size`, `colour` (or `color`) and `units`, then one row per size and colour. Parsed by
 * csv-parse (quoted fields, commas and newlines inside quotes, a byte-order mark, blank lines); the
 * rules of a row are the contract's (openapi.yaml SetStockRequest), checked here so that a bad row is
 * named by its line before anything is sent.
 */
import { parse } from 'csv-parse/sync';

/** PUT /fulfilment/stock takes at most this many rows at once (openapi.yaml SetStockRequest). */
export const MAX_BATCH = 5000;
/**
 * Bytes of rows per batch: a signed stock list may be at most 1 MiB (MAX_SIGNED_STOCK_BODY in
 * server/orders/fulfilment.handlers.ts); 5,000 rows of ids and short sizes and colours fit in half that.
 */
const MAX_BATCH_BYTES = 1_000_000;
/** The contract's limits of a row (openapi.yaml SetStockRequest). */
const MAX_UNITS = 1_000_000;
const MAX_LENGTH = { product: 100, size: 40, colour: 60 } as const;

/** One row of stock to set: `size`/`color` null for a product sold in one size or one colour. */
export interface StockCsvRow {
  /** The row's first line in the file (1 is the header), for messages. */
  line: number;
  productId: string;
  size: string | null;
  color: string | null;
  units: number;
}

export interface CsvProblem {
  line: number;
  message: string;
}

const COLUMNS = {
  product: ['product', 'product id', 'productid'],
  size: ['size'],
  colour: ['colour', 'color'],
  units: ['units'],
} as const;
type Column = keyof typeof COLUMNS;

/** '-' or an empty cell: the product has no sizes (or no colours). */
export const noneCell = (cell: string): string | null => (cell === '' || cell === '-' ? null : cell);

/**
 * Units as an operator types them: a whole number from 0 to the contract's maximum, nothing else
 * ("12", not "12.0", "1e3" or "-1"). The reason when it is not.
 */
export function unitsOf(cell: string): number | string {
  if (!/^\d+$/.test(cell)) return `units must be a whole number from 0 to ${MAX_UNITS}, not "${cell}"`;
  const units = Number(cell);
  return units > MAX_UNITS ? `units must be at most ${MAX_UNITS}` : units;
}

interface Parsed {
  record: string[];
  info: { lines: number; raw: string };
}

/** The line a record starts on: csv-parse counts to its last line, and its raw text says how many it spans. */
function firstLine({ info }: Parsed): number {
  const body = info.raw.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\r?\n$/, '');
  return info.lines - (body.match(/\n/g)?.length ?? 0);
}

/** Reads the CSV text: its rows, or every problem found with its line (nothing is to be sent then). */
export function readStockCsv(text: string): { rows: StockCsvRow[]; problems: CsvProblem[] } {
  let records: Parsed[];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
    }) as unknown as Parsed[];
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    return { rows: [], problems: [{ line: lines ?? 0, message: `not a readable CSV: ${message}` }] };
  }
  // A line of spaces or of commas alone is blank too.
  const filled = records.filter((parsed) => parsed.record.some((cell) => cell !== ''));
  const [header, ...body] = filled;
  if (!header) return { rows: [], problems: [{ line: 1, message: 'the file has no header and no rows' }] };
  const names = header.record.map((cell) => cell.toLowerCase());
  const at = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const index = names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
    if (index < 0) missing.push(column);
    at[column] = index;
  }
  if (missing.length > 0)
    return {
      rows: [],
      problems: [
        {
          line: firstLine(header),
          message: `the header must name product, size, colour and units (missing: ${missing.join(', ')}; found: ${header.record.join(',')})`,
        },
      ],
    };

  const rows: StockCsvRow[] = [];
  const problems: CsvProblem[] = [];
  const seen = new Map<string, number>();
  for (const parsed of body) {
    const line = firstLine(parsed);
    const problem = (message: string) => problems.push({ line, message });
    if (parsed.record.length !== header.record.length) {
      problem(`${parsed.record.length} cells where the header has ${header.record.length}`);
      continue;
    }
    const cell = (column: Column) => parsed.record[at[column]] ?? '';
    const productId = cell('product');
    if (productId === '') {
      problem('no product');
      continue;
    }
    const size = noneCell(cell('size'));
    const color = noneCell(cell('colour'));
    const units = unitsOf(cell('units'));
    const tooLong = (['product', 'size', 'colour'] as const).find(
      (column) => cell(column).length > MAX_LENGTH[column],
    );
    if (tooLong) problem(`${tooLong} longer than ${MAX_LENGTH[tooLong]} characters`);
    else if (typeof units === 'string') problem(units);
    else {
      // The same size and colour twice would leave it to chance which count stands.
      const key = [productId, size ?? '', color ?? ''].map((part) => part.toLowerCase()).join('\u0000');
      const earlier = seen.get(key);
      if (earlier !== undefined) problem(`the same product, size and colour as line ${earlier}`);
      else {
        seen.set(key, line);
        rows.push({ line, productId, size, color, units });
      }
    }
  }
  if (rows.length === 0 && problems.length === 0)
    problems.push({ line: firstLine(header), message: 'the file has a header but no rows' });
  return { rows, problems };
}

/** `rows` in runs of at most `size` rows and about `maxBytes` of JSON, in order. */
export function batches<T>(rows: readonly T[], size = MAX_BATCH, maxBytes = MAX_BATCH_BYTES): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const weight = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (run.length > 0 && (run.length >= size || bytes + weight > maxBytes)) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(row);
    bytes += weight;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
