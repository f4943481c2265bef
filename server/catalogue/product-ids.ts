/**
 * A snapshot's product ids by position, and positions by id.
 *
 * At a million products a string per id and a Map over them were two million small objects that every
 * full collection of V8's heap marked again: ≈ 45 ms of marking each time, done in pieces inside the
 * requests that happened to be running (the slowest uncached searches of `npm run bench`). Product ids
 * are uuids (products.id is a `uuid` column), so they are held as four 32-bit words each, with an
 * open-addressing table of positions beside them: two typed arrays, nothing for the collector to walk,
 * 24 bytes a product in place of ≈ 100 (and no id keeps the whole text it was read from alive). A list
 * holding anything that is not a uuid in PostgreSQL's text form (a test's made-up ids) is held as
 * strings, behind the same interface.
 */

/** Ids by position and positions by id, however they are held. */
export interface ProductIds extends Iterable<string> {
  readonly length: number;
  /** The id at a position (as PostgreSQL prints a uuid: lower-case hex with dashes). */
  at(position: number): string;
  /** The position of an id; undefined when this snapshot does not hold it. */
  get(id: string): number | undefined;
  /** The ids at two positions, compared as their texts compare: negative, zero or positive. */
  compare(a: number, b: number): number;
  /** The first eight hex digits of the id at a position, as a number (0 when they are not hex). */
  prefix(position: number): number;
  /** The ids at positions [from, to), as text. */
  slice(from?: number, to?: number): string[];
}

/** Ids by position as a snapshot (ProductIds) or a fresh read (a string[]) holds them. */
export interface IdSequence {
  readonly length: number;
  at(position: number): string | undefined;
  slice(from?: number, to?: number): string[];
}

/** Positions by id, as a snapshot (ProductIds) or a Map holds them. */
export type PositionsById = Pick<ProductIds, 'get'>;

/** Ids read from the database (or a test), held packed when every one is a uuid. */
export function productIds(ids: readonly string[]): ProductIds {
  return PackedUuids.of(ids) ?? new TextIds(ids);
}

const HEX = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) HEX[48 + c] = c;
for (let c = 0; c < 6; c++) HEX[97 + c] = 10 + c;
/** Where a uuid's 32 hex digits stand in its 36 characters. */
const DIGIT_AT = [...Array(36).keys()].filter((k) => k !== 8 && k !== 13 && k !== 18 && k !== 23);

/** Writes the four words of a uuid's text at out[at …]; false when it is not lower-case hex 8-4-4-4-12. */
function wordsOf(id: string, out: Uint32Array, at: number): boolean {
  if (id.length !== 36) return false;
  for (const dash of [8, 13, 18, 23]) if (id.charCodeAt(dash) !== 45) return false;
  for (let w = 0; w < 4; w++) {
    let word = 0;
    for (let d = 0; d < 8; d++) {
      const code = id.charCodeAt(DIGIT_AT[w * 8 + d] as number);
      const digit = code < 128 ? (HEX[code] as number) : -1;
      if (digit < 0) return false;
      word = word * 16 + digit;
    }
    out[at + w] = word;
  }
  return true;
}

function hashOf(w0: number, w1: number, w2: number, w3: number): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w1 ^ (h >>> 15), 0xc2b2ae35);
  h = Math.imul(h ^ w2 ^ (h >>> 13), 0x85ebca6b);
  h = Math.imul(h ^ w3 ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 15)) >>> 0;
}

const hex = (word: number, digits: number) => word.toString(16).padStart(digits, '0');

/** Uuids as words (4 a product) and an open-addressing table of positions (-1: empty). */
class PackedUuids implements ProductIds {
  readonly #words: Uint32Array;
  readonly #table: Int32Array;
  readonly #mask: number;
  /** Scratch for a looked-up id's words. */
  readonly #query = new Uint32Array(4);

  private constructor(words: Uint32Array) {
    this.#words = words;
    let size = 16;
    while (size < 2 * this.length) size *= 2;
    this.#table = new Int32Array(size).fill(-1);
    this.#mask = size - 1;
    // A repeated id places its last position, as a Map's set would.
    for (let i = 0; i < this.length; i++) {
      const slot = this.#slotOf(words, 4 * i);
      this.#table[slot] = i;
    }
  }

  static of(ids: readonly string[]): PackedUuids | null {
    const words = new Uint32Array(4 * ids.length);
    for (let i = 0; i < ids.length; i++) if (!wordsOf(ids[i] as string, words, 4 * i)) return null;
    return new PackedUuids(words);
  }

  get length(): number {
    return this.#words.length / 4;
  }

  /** The slot holding the id whose words are words[at, at + 4), or the empty slot where it would go. */
  #slotOf(words: Uint32Array, at: number): number {
    const w0 = words[at] as number;
    const w1 = words[at + 1] as number;
    const w2 = words[at + 2] as number;
    const w3 = words[at + 3] as number;
    const own = this.#words;
    let slot = hashOf(w0, w1, w2, w3) & this.#mask;
    for (;;) {
      const i = this.#table[slot] as number;
      if (i < 0) return slot;
      const k = 4 * i;
      if (own[k] === w0 && own[k + 1] === w1 && own[k + 2] === w2 && own[k + 3] === w3) return slot;
      slot = (slot + 1) & this.#mask;
    }
  }

  at(position: number): string {
    const w = this.#words;
    const k = 4 * position;
    const w1 = w[k + 1] as number;
    const w2 = w[k + 2] as number;
    return `${hex(w[k] as number, 8)}-${hex(w1 >>> 16, 4)}-${hex(w1 & 0xffff, 4)}-${hex(w2 >>> 16, 4)}-${hex(w2 & 0xffff, 4)}${hex(w[k + 3] as number, 8)}`;
  }

  get(id: string): number | undefined {
    if (!wordsOf(id, this.#query, 0)) return undefined;
    const i = this.#table[this.#slotOf(this.#query, 0)] as number;
    return i < 0 ? undefined : i;
  }

  compare(a: number, b: number): number {
    const w = this.#words;
    for (let k = 0; k < 4; k++) {
      const x = w[4 * a + k] as number;
      const y = w[4 * b + k] as number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  prefix(position: number): number {
    return this.#words[4 * position] as number;
  }

  slice(from = 0, to = this.length): string[] {
    const ids: string[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) ids.push(this.at(i));
    return ids;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

/** Any ids, as strings and a Map. */
class TextIds implements ProductIds {
  readonly #positions = new Map<string, number>();

  constructor(private readonly ids: readonly string[]) {
    for (let i = 0; i < ids.length; i++) this.#positions.set(ids[i] as string, i);
  }

  get length(): number {
    return this.ids.length;
  }

  at(position: number): string {
    return this.ids[position] as string;
  }

  get(id: string): number | undefined {
    return this.#positions.get(id);
  }

  compare(a: number, b: number): number {
    const x = this.ids[a] as string;
    const y = this.ids[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  prefix(position: number): number {
    const prefix = Number.parseInt((this.ids[position] as string).slice(0, 8), 16);
    return Number.isNaN(prefix) ? 0 : prefix;
  }

  slice(from?: number, to?: number): string[] {
    return this.ids.slice(from, to);
  }

  [Symbol.iterator](): Iterator<string> {
    return this.ids[Symbol.iterator]();
  }
}
