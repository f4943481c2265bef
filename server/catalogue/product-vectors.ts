/**
 * Each product's lexemes and their positions, as flat typed arrays (read from the stored tsvectors'
 * text, or copied from the previous snapshot's for unchanged products).
 */
import type { LexemeDictionary } from './lexeme-dictionary';

/** A WordEntryPos holds the weight in its top two bits and the position in the other fourteen. */
export const POSITION_MASK = 0x3fff;

/** The lexemes each product holds, with their positions (WordEntryPos: weight << 14 | position). */
export interface ProductVectors {
  /** Product i's entries are [entryStart[i], entryStart[i + 1]), in the tsvector's own order. */
  entryStart: Uint32Array;
  entryLexeme: Uint32Array;
  /** Entry e's positions are positions[positionStart[e], positionStart[e + 1]). */
  positionStart: Uint32Array;
  positions: Uint16Array;
}

/** Growable typed arrays for building ProductVectors one product at a time. */
export class VectorsBuilder {
  #entryStart: Uint32Array;
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
    this.#products++;
    return true;
  }

  /**
   * Adds the next `count` products as copies of products j, j + 1, … of an earlier index built on the
   * same dictionary (a patch copies long runs of unchanged products at once).
   */
  addCopies(from: ProductVectors, j: number, count: number): void {
    const firstEntry = from.entryStart[j] as number;
    const entries = (from.entryStart[j + count] as number) - firstEntry;
    const firstPosition = from.positionStart[firstEntry] as number;
    const positions = (from.positionStart[firstEntry + entries] as number) - firstPosition;
    while (this.#entries + entries + 1 >= this.#entryLexeme.length) {
      this.#entryLexeme = grow(this.#entryLexeme);
      this.#positionStart = grow(this.#positionStart);
    }
    while (this.#positionCount + positions >= this.#positions.length) this.#positions = grow(this.#positions);
    const entryShift = this.#entries - firstEntry;
    for (let k = 0; k < count; k++)
      this.#entryStart[this.#products + k] = (from.entryStart[j + k] as number) + entryShift;
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

  finish(): ProductVectors {
    this.#entryStart[this.#products] = this.#entries;
    this.#positionStart[this.#entries] = this.#positionCount;
    return {
      entryStart: this.#entryStart.subarray(0, this.#products + 1),
      entryLexeme: this.#entryLexeme.slice(0, this.#entries),
      positionStart: this.#positionStart.slice(0, this.#entries + 1),
      positions: this.#positions.slice(0, this.#positionCount),
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

function grow<T extends Uint32Array | Uint16Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}
