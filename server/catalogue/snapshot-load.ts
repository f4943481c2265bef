/**
 * Reading a catalogue version from the database into a Snapshot: in full at start-up and after bulk
 * changes, otherwise as a patch of the previous snapshot that re-reads only the rows that changed.
 */
import type { Database } from '../context';
import { productJsonByIds, readCatalogueSnapshot } from '../repositories/products';
import { attributeValuesFromLines } from './attribute-values';
import { LexemeDictionary } from './lexeme-dictionary';
import { type ProductMeta, parseMeta } from './product-meta';
import { type ProductVectors, VectorsBuilder } from './product-vectors';
import { SearchIndex } from './search-index';
import { Snapshot } from './snapshot';

/** Above this share of changed products a patch is no cheaper than a full load. */
const PATCH_LIMIT = 0.25;

/**
 * The largest catalogue whose product JSON is held in memory (CATALOGUE_HELD_PRODUCTS overrides it).
 * 100,000 products hold ≈ 125 MB of JSON and start in ≈ 6 s; a million held 1.25 GB, took 55 s to start
 * and left the process at 3.4 GB. Past this the JSON stays in the database and a page reads its
 * products by primary key (docs/architecture.md, "At a million products").
 */
export const HELD_PRODUCTS = 250_000;

export interface SnapshotReading {
  /** Products per query of a full load (tests read in small parts). */
  part?: number;
  /** The largest catalogue whose JSON is held in memory (HELD_PRODUCTS). */
  heldUpTo?: number;
}

/**
 * Loads the catalogue (its queries: server/repositories/products.ts). With a previous snapshot, only
 * products whose row changed (by xmin, the transaction that wrote the row version) get their JSON built
 * again; the rest reuse their bytes, so a write to a 100,000-product catalogue costs the index query
 * plus a few rows, not a full rebuild. A catalogue larger than `reading.heldUpTo` leaves its JSON in
 * the database and reads each product's sizes and colours instead.
 */
export async function loadSnapshot(
  db: Database,
  previous: Snapshot | null,
  { part, heldUpTo = HELD_PRODUCTS }: SnapshotReading = {},
): Promise<Snapshot> {
  return readCatalogueSnapshot(
    db,
    async (reads) => {
      const version = await reads.version();
      const meta = parseMeta(await reads.indexText());
      const held = meta.ids.length <= heldUpTo;
      if (previous && previous.size > 0 && (previous.held !== null) === held) {
        const changed = previous.changedIds(meta);
        if (changed.length <= meta.ids.length * PATCH_LIMIT) {
          const fresh = held ? await reads.jsonOf(changed) : new Map<string, string>();
          const options = await reads.optionsOf(changed);
          const vectors = await reads.vectorsOf(changed);
          if (
            (!held || fresh.size === changed.length) &&
            options.size === changed.length &&
            vectors.size === changed.length
          ) {
            const next = previous.patched(version, meta, fresh, options);
            const index = previous.searchIndex;
            next.adoptSearchIndex(
              index
                ? patchedIndex(index, previous, meta, vectors)
                : await builtIndex(meta.ids.length, reads.vectorParts(meta.ids)),
            );
            return next;
          }
        }
      }
      const values = await attributeValuesFromLines(meta.ids.length, reads.optionParts());
      const snapshot = held
        ? Snapshot.fromLines(version, await reads.jsonParts(meta.ids), meta, values)
        : Snapshot.stored(version, meta, (ids) => productJsonByIds(db, ids), values);
      snapshot.adoptSearchIndex(await builtIndex(meta.ids.length, reads.vectorParts(meta.ids)));
      return snapshot;
    },
    { part },
  );
}

/**
 * The search index from every product's tsvector text (one per line, in parts of consecutive products,
 * each parsed as it arrives); null if the text is not that.
 */
async function builtIndex(products: number, vectorParts: AsyncIterable<string>): Promise<SearchIndex | null> {
  const builder = new VectorsBuilder(new LexemeDictionary(), products);
  let lines = 0;
  for await (const part of vectorParts) {
    if (part === '') continue;
    for (const line of part.split('\n')) {
      if (++lines > products || !builder.addText(line)) return null;
    }
  }
  if (lines !== products) return null;
  return new SearchIndex(builder.dictionary, builder.finish());
}

/** The next search index: changed products from their new tsvector text, the rest copied as they were. */
function patchedIndex(
  index: SearchIndex,
  previous: Snapshot,
  meta: ProductMeta,
  vectors: Map<string, string>,
): SearchIndex | null {
  const builder = new VectorsBuilder(index.dictionary, meta.ids.length);
  const from: ProductVectors = index.vectors;
  // Unchanged products mostly keep their order: copy each run of consecutive ones at once.
  let runStart = -1;
  let runLength = 0;
  const flush = () => {
    if (runLength > 0) builder.addCopies(from, runStart, runLength);
    runLength = 0;
  };
  for (const id of meta.ids) {
    const text = vectors.get(id);
    if (text !== undefined) {
      flush();
      if (!builder.addText(text)) return null;
      continue;
    }
    const j = previous.indexById.get(id);
    if (j === undefined) return null;
    if (runLength > 0 && j === runStart + runLength) runLength++;
    else {
      flush();
      runStart = j;
      runLength = 1;
    }
  }
  flush();
  return new SearchIndex(builder.dictionary, builder.finish());
}
