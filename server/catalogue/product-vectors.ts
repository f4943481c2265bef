/**
 * Each product's lexemes and their positions, as flat typed arrays (read from the stored tsvectors'
 * text, or copied from the previous snapshot's for unchanged products).
 */
import type { LexemeDictionary } from './lexeme-dictionary';

/** A WordEntryPos holds the weight in its top two bits and the position in the other fourteen. */
export const POSITION_MASK = 0x3fff;

/** The lexemes each product holds, with their positions (WordEntryPos: weight << 14 | position). */
export interface ProductVectors {
  /**
   * Product i's entries are [entryStart[i], entryEnd[i]), in the tsvector's own order. A whole build
   * lays products out one after another (entryEnd[i] is entryStart[i + 1]); a product rewritten in place
   * (appendProducts) has its entries after everyone's, its old ones left where nothing points to them.
   */
  entryStart: Uint32Array;
  entryEnd: Uint32Array;
  entryLexeme: Uint32Array;
  /** Entry e's positions are positions[positionStart[e], positionStart[e + 1]). */
  positionStart: Uint32Array;
  positions: Uint16Array;
  /**
   * How far the buffers under entryLexeme, positionStart and positions are written, by whichever
   * snapshot's vectors share them: only the newest may append (appendProducts).
   */
  room: { entries: number; positions: number };
}

/** Growable typed arrays for building ProductVectors one product at a time. */
export class VectorsBuilder {
  #entryStart: Uint32Array;
  #entryEnd: Uint32Array;
  #entryLexeme = new Uint32Array(1024);
  #positionStart = new Uint32Array(1025);
  #positions = new Uint16Array(2048);
  #products = 0;
  #entries = 0;
  #positionCount = 0;

  constructor(
    readonly dictionary: LexemeDictionary,
    products: number,
  ) {
    this.#entryStart = new Uint32Array(products + 1);
    this.#entryEnd = new Uint32Array(products);
  }

  /**
   * Adds the next product from its tsvector's text form (`'kurta':1A,9 'cotton':2A`); positions
   * without a weight letter are D. Returns false when the text is not a tsvector's output.
   */
  addText(text: string): boolean {
    this.#entryStart[this.#products] = this.#entries;
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (text.charCodeAt(i) === 32) {
        i++;
        continue;
      }
      if (text[i] !== "'") return false;
      i++;
      let lexeme = '';
      let from = i;
      for (;;) {
        if (i >= n) return false;
        const c = text.charCodeAt(i);
        if (c === 39 /* ' */) {
          lexeme += text.slice(from, i);
          if (text.charCodeAt(i + 1) === 39) {
            lexeme += "'";
            i += 2;
            from = i;
            continue;
          }
          i++;
          break;
        }
        if (c === 92 /* \ */) {
          lexeme += text.slice(from, i) + text.charAt(i + 1);
          i += 2;
          from = i;
          continue;
        }
        i++;
      }
      this.#entry(this.dictionary.idOf(lexeme));
      if (text.charCodeAt(i) !== 58 /* : */) continue;
      i++;
      for (;;) {
        let position = 0;
        const digitsFrom = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c < 48 || c > 57) break;
          position = position * 10 + (c - 48);
          i++;
        }
        if (i === digitsFrom) return false;
        let weight = 0;
        const letter = text.charCodeAt(i);
        if (letter >= 65 && letter <= 68) {
          weight = 68 - letter; // A 3, B 2, C 1, D 0
          i++;
        }
        this.#position((weight << 14) | Math.min(position, POSITION_MASK));
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i++;
      }
    }
    this.#entryEnd[this.#products] = this.#entries;
    this.#products++;
    return true;
  }

  /**
   * Adds the next `count` products as copies of products j, j + 1, … of an earlier index built on the
   * same dictionary, whose entries lie one after another (a patch copies long runs of unchanged
   * products at once; contiguousRun says how far such a run goes).
   */
  addCopies(from: ProductVectors, j: number, count: number): void {
    const firstEntry = from.entryStart[j] as number;
    const entries = (from.entryEnd[j + count - 1] as number) - firstEntry;
    const firstPosition = from.positionStart[firstEntry] as number;
    const positions = (from.positionStart[firstEntry + entries] as number) - firstPosition;
    while (this.#entries + entries + 1 >= this.#entryLexeme.length) {
      this.#entryLexeme = grow(this.#entryLexeme);
      this.#positionStart = grow(this.#positionStart);
    }
    while (this.#positionCount + positions >= this.#positions.length) this.#positions = grow(this.#positions);
    const entryShift = this.#entries - firstEntry;
    for (let k = 0; k < count; k++) {
      this.#entryStart[this.#products + k] = (from.entryStart[j + k] as number) + entryShift;
      this.#entryEnd[this.#products + k] = (from.entryEnd[j + k] as number) + entryShift;
    }
    this.#entryLexeme.set(from.entryLexeme.subarray(firstEntry, firstEntry + entries), this.#entries);
    const positionShift = this.#positionCount - firstPosition;
    for (let k = 0; k < entries; k++)
      this.#positionStart[this.#entries + k] = (from.positionStart[firstEntry + k] as number) + positionShift;
    this.#positions.set(
      from.positions.subarray(firstPosition, firstPosition + positions),
      this.#positionCount,
    );
    this.#entries += entries;
    this.#positionCount += positions;
    this.#products += count;
  }

  /**
   * The vectors built, in buffers with room for in-place patches to append to (appendProducts): about
   * 1/64 more than the entries and positions written, at least 64 Ki of each.
   */
  finish(): ProductVectors {
    this.#entryStart[this.#products] = this.#entries;
    this.#positionStart[this.#entries] = this.#positionCount;
    const entries = this.#entries;
    const positions = this.#positionCount;
    return {
      entryStart: this.#entryStart.subarray(0, this.#products + 1),
      entryEnd: this.#entryEnd.subarray(0, this.#products),
      entryLexeme: withRoom(this.#entryLexeme, entries),
      positionStart: withRoom(this.#positionStart, entries + 1),
      positions: withRoom(this.#positions, positions),
      room: { entries, positions },
    };
  }

  #entry(lexeme: number) {
    if (this.#entries + 1 >= this.#entryLexeme.length) {
      this.#entryLexeme = grow(this.#entryLexeme);
      this.#positionStart = grow(this.#positionStart);
    }
    this.#positionStart[this.#entries] = this.#positionCount;
    this.#entryLexeme[this.#entries] = lexeme;
    this.#entries++;
  }

  #position(position: number) {
    if (this.#positionCount >= this.#positions.length) this.#positions = grow(this.#positions);
    this.#positions[this.#positionCount++] = position;
  }
}

/**
 * The vectors with `texts[k]` (a tsvector's text) as product `at[k]`'s entries, appended in the shared
 * buffers after everything written so far: nothing is copied but the per-product starts and ends, and
 * earlier snapshots' views stop short of what is appended, so they read what they always read. Null
 * when these are not the newest vectors on their buffers, when the room is used up, or when a text is
 * not a tsvector's (the caller then builds whole vectors again).
 */
export function appendProducts(
  vectors: ProductVectors,
  dictionary: LexemeDictionary,
  at: readonly number[],
  texts: readonly string[],
): ProductVectors | null {
  const { room } = vectors;
  const entries = vectors.entryLexeme.length;
  const positionCount = vectors.positions.length;
  if (room.entries !== entries || room.positions !== positionCount) return null;
  const own = new VectorsBuilder(dictionary, texts.length);
  for (const text of texts) if (!own.addText(text)) return null;
  const added = own.finish();
  const newEntries = added.room.entries;
  const newPositions = added.room.positions;
  const lexemes = bufferOf(vectors.entryLexeme, entries + newEntries);
  const positionStart = bufferOf(vectors.positionStart, entries + newEntries + 1);
  const positions = bufferOf(vectors.positions, positionCount + newPositions);
  if (!lexemes || !positionStart || !positions) return null;
  lexemes.set(added.entryLexeme, entries);
  for (let e = 0; e <= newEntries; e++)
    positionStart[entries + e] = (added.positionStart[e] as number) + positionCount;
  positions.set(added.positions, positionCount);
  const entryStart = vectors.entryStart.slice();
  const entryEnd = vectors.entryEnd.slice();
  at.forEach((i, k) => {
    entryStart[i] = entries + (added.entryStart[k] as number);
    entryEnd[i] = entries + (added.entryEnd[k] as number);
  });
  room.entries += newEntries;
  room.positions += newPositions;
  return { entryStart, entryEnd, entryLexeme: lexemes, positionStart, positions, room };
}

/** `array`'s buffer seen as `length` elements, or null when the buffer holds fewer. */
function bufferOf<T extends Uint32Array | Uint16Array>(array: T, length: number): T | null {
  const fits = array.buffer.byteLength - array.byteOffset >= length * array.BYTES_PER_ELEMENT;
  return fits
    ? new (array.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => T)(
        array.buffer,
        array.byteOffset,
        length,
      )
    : null;
}

/** The first `length` elements in a buffer with room to append (see finish). */
function withRoom<T extends Uint32Array | Uint16Array>(array: T, length: number): T {
  const room = Math.max(65_536, Math.ceil(length / 64));
  const next = new (array.constructor as new (length: number) => T)(length + room);
  next.set(array.subarray(0, length));
  return next.subarray(0, length) as T;
}

function grow<T extends Uint32Array | Uint16Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}
