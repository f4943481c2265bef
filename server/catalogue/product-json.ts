/**
 * The catalogue's products as one buffer of ready JSON, so an answer is slices of bytes, not a
 * serialisation: product i is json[starts[i], ends[i]), and neighbours are separated by one comma, so
 * an unfiltered page is a single slice.
 */

/** Every product's JSON in catalogue order, joined by commas; product i is json[starts[i], ends[i]). */
export interface ProductJson {
  readonly json: Buffer;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

const LIST_PREFIX = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const NEWLINE = Buffer.from('\n');

/**
 * From a full load: every product's JSON one per line, in parts of consecutive products (JSON text never
 * holds a raw newline: PostgreSQL escapes it inside strings). The parts are joined by newlines, and the
 * newlines become the commas, in place.
 */
export function jsonFromLines(products: number, parts: readonly Buffer[]): ProductJson {
  const n = products;
  const filled = parts.filter((part) => part.length > 0);
  const joined: Buffer[] = [];
  for (const part of filled) {
    if (joined.length > 0) joined.push(NEWLINE);
    joined.push(part);
  }
  const json = joined.length === 1 ? (joined[0] as Buffer) : Buffer.concat(joined);
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const end = i === n - 1 ? json.length : json.indexOf(0x0a, offset);
    if (end < 0) throw new Error('catalogue load: fewer product JSON lines than products');
    starts[i] = offset;
    ends[i] = end;
    if (i < n - 1) json[end] = 0x2c;
    offset = end + 1;
  }
  return { json, starts, ends };
}

/**
 * The products `ids` (the next snapshot's order): those in `fresh` from their new JSON, every other one
 * reusing its bytes from `previous`, where `previousIndexById` places it.
 */
export function patchedJson(
  previous: ProductJson,
  previousIndexById: ReadonlyMap<string, number>,
  ids: readonly string[],
  fresh: Map<string, string>,
): ProductJson {
  const n = ids.length;
  const chunks: Buffer[] = [];
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i] as string;
    const text = fresh.get(id);
    let bytes: Buffer;
    if (text !== undefined) bytes = Buffer.from(text);
    else {
      const j = previousIndexById.get(id);
      if (j === undefined) throw new Error(`catalogue patch: no JSON for product ${id}`);
      bytes = previous.json.subarray(previous.starts[j], previous.ends[j]);
    }
    if (i > 0) {
      chunks.push(COMMA);
      offset += 1;
    }
    starts[i] = offset;
    chunks.push(bytes);
    offset += bytes.length;
    ends[i] = offset;
  }
  return { json: Buffer.concat(chunks, offset), starts, ends };
}

/**
 * A list answer: `{"data":[`, the products at positions[from, to) (every product's position when
 * `positions` is null), then `tail`, which closes the array and adds pagination and the rest.
 */
export function listBody(
  source: ProductJson,
  positions: ArrayLike<number> | null,
  from: number,
  to: number,
  tail: string,
): Buffer {
  const chunks: Buffer[] = [LIST_PREFIX];
  if (from < to) {
    if (positions === null) {
      // Unfiltered pages are contiguous in `json`, commas included: one slice.
      chunks.push(source.json.subarray(source.starts[from], source.ends[to - 1]));
    } else {
      for (let k = from; k < to; k++) {
        if (k > from) chunks.push(COMMA);
        const i = positions[k] as number;
        chunks.push(source.json.subarray(source.starts[i], source.ends[i]));
      }
    }
  }
  chunks.push(Buffer.from(tail));
  return Buffer.concat(chunks);
}
