/**
 * Lexeme numbers and the trigram index of the catalogue's distinct words, shared by the search indexes
 * of successive snapshots (a patch numbers only the lexemes it adds).
 */

/** Lexeme numbers, shared by the indexes of successive snapshots so a patch can copy entries as they are. */
export class LexemeDictionary {
  readonly #ids = new Map<string, number>();
  readonly #lexemes: string[] = [];

  idOf(lexeme: string): number {
    let id = this.#ids.get(lexeme);
    if (id === undefined) {
      id = this.#lexemes.length;
      this.#ids.set(lexeme, id);
      this.#lexemes.push(lexeme);
    }
    return id;
  }

  find(lexeme: string): number | undefined {
    return this.#ids.get(lexeme);
  }

  lexeme(id: number): string {
    return this.#lexemes[id] as string;
  }

  get size(): number {
    return this.#lexemes.length;
  }

  /** Lexemes by trigram, for typos; extended to new lexemes by indexTrigrams. */
  readonly #byTrigram = new Map<string, number[]>();
  readonly #trigramCounts: number[] = [];

  /** Indexes the trigrams of every lexeme added since the last call (a patch adds a few). */
  indexTrigrams(): void {
    for (let l = this.#trigramCounts.length; l < this.#lexemes.length; l++) {
      const own = trigrams(this.#lexemes[l] as string);
      this.#trigramCounts.push(own.size);
      for (const trigram of own) {
        const list = this.#byTrigram.get(trigram);
        if (list) list.push(l);
        else this.#byTrigram.set(trigram, [l]);
      }
    }
  }

  withTrigram(trigram: string): readonly number[] {
    return this.#byTrigram.get(trigram) ?? [];
  }

  trigramCount(lexeme: number): number {
    return this.#trigramCounts[lexeme] ?? 0;
  }
}

/** pg_trgm's trigrams of one word: lower-case, two spaces before and one after, each piece once. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const pieces = new Set<string>();
  const chars = [...padded];
  for (let k = 0; k + 3 <= chars.length; k++) pieces.add(chars.slice(k, k + 3).join(''));
  return pieces;
}
