/**
 * Where a snapshot's product JSON comes from. Up to a few hundred thousand products it is held in memory
 * as one buffer of ready JSON (HeldJson), so an answer is slices of bytes, not a serialisation: product
 * i is json[starts[i], ends[i]), and neighbours are separated by one comma, so an unfiltered page is a
 * single slice. A larger catalogue's JSON stays in the database (StoredJson): a page reads its products
 * by primary key once, and the snapshot's answer cache keeps the answer (docs/architecture.md, "At a
 * million products").
 */
import type { IdSequence, PositionsById } from './product-ids';

/** Every product's JSON in catalogue order, joined by commas; product i is json[starts[i], ends[i]). */
interface ProductJson {
  readonly json: Buffer;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

/** The product JSON of one snapshot, by position. */
export interface ProductSource {
  /** Whether every product's JSON is in memory (HeldJson) rather than read from the database. */
  readonly held: boolean;
  /**
   * The JSON of the products at positions[from, to) (each position from `from` to `to` when `positions`
   * is null), separated by commas, as chunks to join. A product deleted since the snapshot was read is
   * left out (only StoredJson can meet one).
   */
  chunks(positions: ArrayLike<number> | null, from: number, to: number): Buffer[] | Promise<Buffer[]>;
  /** Product i's JSON in a buffer of its own, or null when it is gone. */
  one(i: number): Buffer | null | Promise<Buffer | null>;
  /**
   * The next snapshot's source, for the products `ids` in its order: those in `fresh` (new or changed)
   * from their new JSON, the others as this source has them; `indexById` places them in this one.
   */
  patched(indexById: PositionsById, ids: IdSequence, fresh: Map<string, string>): ProductSource;
}

/** Reads products' JSON by id (ids not found are missing): server/catalogue/products.repository.ts. */
export type ReadProductJson = (ids: readonly string[]) => Promise<Map<string, string>>;

const LIST_PREFIX = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const NEWLINE = Buffer.from('\n');

/** Every product's JSON held in memory. */
export class HeldJson implements ProductJson, ProductSource {
  readonly held = true;

  constructor(
    readonly json: Buffer,
    readonly starts: Uint32Array,
    readonly ends: Uint32Array,
  ) {}

  static empty(): HeldJson {
    return new HeldJson(Buffer.alloc(0), new Uint32Array(0), new Uint32Array(0));
  }

  chunks(positions: ArrayLike<number> | null, from: number, to: number): Buffer[] {
    if (from >= to) return [];
    // Unfiltered pages are contiguous in `json`, commas included: one slice.
    if (positions === null) return [this.json.subarray(this.starts[from], this.ends[to - 1])];
    const chunks: Buffer[] = [];
    for (let k = from; k < to; k++) {
      if (k > from) chunks.push(COMMA);
      const i = positions[k] as number;
      chunks.push(this.json.subarray(this.starts[i], this.ends[i]));
    }
    return chunks;
  }

  one(i: number): Buffer {
    // A copy, so a cached answer does not keep a view into a replaced snapshot's buffer alive.
    return Buffer.from(this.json.subarray(this.starts[i], this.ends[i]));
  }

  patched(indexById: PositionsById, ids: IdSequence, fresh: Map<string, string>): HeldJson {
    const n = ids.length;
    const chunks: Buffer[] = [];
    const starts = new Uint32Array(n);
    const ends = new Uint32Array(n);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const id = ids.at(i) as string;
      const text = fresh.get(id);
      let bytes: Buffer;
      if (text !== undefined) bytes = Buffer.from(text);
      else {
        const j = indexById.get(id);
        if (j === undefined) throw new Error(`catalogue patch: no JSON for product ${id}`);
        bytes = this.json.subarray(this.starts[j], this.ends[j]);
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
    return new HeldJson(Buffer.concat(chunks, offset), starts, ends);
  }

  /**
   * From a full load: every product's JSON one per line, in parts of consecutive products (JSON text
   * never holds a raw newline: PostgreSQL escapes it inside strings). The parts are joined by newlines,
   * and the newlines become the commas, in place.
   */
  static fromLines(products: number, parts: readonly Buffer[]): HeldJson {
    const n = products;
    const joined: Buffer[] = [];
    for (const part of parts) {
      if (part.length === 0) continue;
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
    return new HeldJson(json, starts, ends);
  }
}

/**
 * Product JSON read from the database by id when a page needs it. The database may have moved on since
 * the snapshot (the reload is on its way): a product changed since is served as it is now, one deleted
 * since is left out of the page (its total still counts it until the reload).
 */
export class StoredJson implements ProductSource {
  readonly held = false;

  /** @param idOf product ids by position */
  constructor(
    private readonly idOf: IdSequence,
    private readonly read: ReadProductJson,
  ) {}

  async chunks(positions: ArrayLike<number> | null, from: number, to: number): Promise<Buffer[]> {
    const ids: string[] = [];
    for (let k = from; k < to; k++)
      ids.push(this.idOf.at(positions === null ? k : (positions[k] as number)) as string);
    if (ids.length === 0) return [];
    const json = await this.read(ids);
    const chunks: Buffer[] = [];
    for (const id of ids) {
      const text = json.get(id);
      if (text === undefined) continue;
      if (chunks.length > 0) chunks.push(COMMA);
      chunks.push(Buffer.from(text));
    }
    return chunks;
  }

  async one(i: number): Promise<Buffer | null> {
    const id = this.idOf.at(i) as string;
    const text = (await this.read([id])).get(id);
    return text === undefined ? null : Buffer.from(text);
  }

  patched(_indexById: PositionsById, ids: IdSequence): StoredJson {
    return new StoredJson(ids, this.read);
  }
}

/**
 * A list answer: `{"data":[`, the products at positions[from, to) (every product's position when
 * `positions` is null), then `tail`, which closes the array and adds pagination and the rest.
 */
export async function listBody(
  source: ProductSource,
  positions: ArrayLike<number> | null,
  from: number,
  to: number,
  tail: string,
): Promise<Buffer> {
  const chunks = await source.chunks(positions, from, to);
  return Buffer.concat([LIST_PREFIX, ...chunks, Buffer.from(tail)]);
}
