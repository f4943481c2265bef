/**
 * Reading a catalogue version from the database into a Snapshot: in full at start-up and after bulk
 * changes, otherwise as a patch of the previous snapshot that re-reads only the rows that changed.
 */
import type { Database } from '../context';
import { readCatalogueSnapshot } from '../repositories/products';
import { LexemeDictionary } from './lexeme-dictionary';
import { type ProductMeta, parseMeta } from './product-meta';
import { type ProductVectors, VectorsBuilder } from './product-vectors';
import { SearchIndex } from './search-index';
import { Snapshot } from './snapshot';

/** Above this share of changed products a patch is no cheaper than a full load. */
const PATCH_LIMIT = 0.25;

/**
 * Loads the catalogue (its queries: server/repositories/products.ts). With a previous snapshot, only
 * products whose row changed (by xmin, the transaction that wrote the row version) get their JSON built
 * again; the rest reuse their bytes, so a write to a 100,000-product catalogue costs the index query
 * plus a few rows, not a full rebuild. `reading.part`: products per query of a full load (tests).
 */
export async function loadSnapshot(
  db: Database,
  previous: Snapshot | null,
  reading: { part?: number } = {},
): Promise<Snapshot> {
  return readCatalogueSnapshot(
    db,
    async (reads) => {
      const version = await reads.version();
      const meta = parseMeta(await reads.indexText());
      if (previous && previous.size > 0) {
        const changed = previous.changedIds(meta);
        if (changed.length <= meta.ids.length * PATCH_LIMIT) {
          const fresh = await reads.jsonOf(changed);
          const vectors = await reads.vectorsOf(changed);
          if (fresh.size === changed.length && vectors.size === changed.length) {
            const next = previous.patched(version, meta, fresh);
            const index = previous.searchIndex;
            next.adoptSearchIndex(
              index
                ? patchedIndex(index, previous, meta, vectors)
                : builtIndex(meta.ids.length, await reads.vectorParts(meta.ids)),
            );
            return next;
          }
        }
      }
      const snapshot = Snapshot.fromLines(version, await reads.jsonParts(meta.ids), meta);
      snapshot.adoptSearchIndex(builtIndex(meta.ids.length, await reads.vectorParts(meta.ids)));
      return snapshot;
    },
    reading,
  );
}

/**
 * The search index from every product's tsvector text (one per line, in parts of consecutive products);
 * null if the text is not that.
 */
function builtIndex(products: number, vectorParts: readonly string[]): SearchIndex | null {
  const builder = new VectorsBuilder(new LexemeDictionary(), products);
  let lines = 0;
  for (const part of vectorParts) {
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
