/**
 * Reading a catalogue version from the database into a Snapshot: in full at start-up and after bulk
 * changes, otherwise as a patch of the previous snapshot that re-reads only the rows that changed.
 */
import type { Database } from '../context';
import { attributeValuesOf } from './attribute-values';
import { LexemeDictionary } from './lexeme-dictionary';
import type { IdSequence } from './product-ids';
import { parseMeta } from './product-meta';
import { type ProductVectors, VectorsBuilder } from './product-vectors';
import { type CatalogueSnapshotReads, productJsonByIds, readCatalogueSnapshot } from './products.repository';
import { SearchIndex } from './search-index';
import { BuildStopped, Slices } from './slices';
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
 * Loads the catalogue (its queries: server/catalogue/products.repository.ts). With a previous snapshot, only
 * products whose row changed (by xmin, the transaction that wrote the row version) get their JSON built
 * again; the rest reuse their bytes, so a write to a 100,000-product catalogue costs the index query
 * plus a few rows, not a full rebuild. A catalogue larger than `reading.heldUpTo` leaves its JSON in
 * the database and reads each product's sizes and colours instead.
 *
 * A held catalogue's snapshot comes with its search index. A stored one is served without it at first
 * (searches ask the database) and `indexSearch` builds it afterwards, in slices, while requests are
 * answered (at a million products that is over half of a full load: read-model.ts calls it once the
 * snapshot is live); a patch of an indexed snapshot patches its index.
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
      if (previous && previous.size > 0) {
        const next = await patchedInPlace(reads, previous, version);
        if (next) return next;
      }
      const meta = parseMeta(await reads.indexText());
      const values = attributeValuesOf(meta.options);
      const held = meta.ids.length <= heldUpTo;
      if (previous && previous.size > 0 && (previous.held !== null) === held) {
        const changed = previous.changedIds(meta);
        if (changed.length <= meta.ids.length * PATCH_LIMIT) {
          const fresh = held ? await reads.jsonOf(changed) : new Map<string, string>();
          const vectors = await reads.vectorsOf(changed);
          if ((!held || fresh.size === changed.length) && vectors.size === changed.length) {
            const next = previous.patched(version, meta, fresh, values);
            const index = previous.searchIndex;
            if (index) next.adoptSearchIndex(await patchedIndex(index, previous, meta.ids, vectors));
            else if (held)
              next.adoptSearchIndex(await builtIndex(meta.ids.length, reads.vectorParts(meta.ids)));
            return next;
          }
        }
      }
      if (!held) return Snapshot.stored(version, meta, (ids) => productJsonByIds(db, ids), values);
      const snapshot = Snapshot.fromLines(version, await reads.jsonParts(meta.ids), meta, values);
      snapshot.adoptSearchIndex(await builtIndex(meta.ids.length, reads.vectorParts(meta.ids)));
      return snapshot;
    },
    { part },
  );
}

/**
 * The next snapshot from `previous` and the products written since it, when the catalogue's change log
 * lists them and none moved (migration 0012: the common write — a price, a description, a photo): only
 * their rows are read, and only those whose search vector changed are indexed again. Null when the log
 * cannot say, or a full read is needed (loadSnapshot then re-reads every product's index fields).
 */
async function patchedInPlace(
  reads: CatalogueSnapshotReads,
  previous: Snapshot,
  version: number,
): Promise<Snapshot | null> {
  const changes = await reads.changedSince(previous.version);
  if (!changes || changes.moved || changes.ids.length > previous.size * PATCH_LIMIT) return null;
  const lines = await reads.indexLinesOf(changes.ids);
  if (lines.size !== changes.ids.length) return null;
  const changed = parseMeta([...lines.values()].join('\n'));
  const fresh = previous.held ? await reads.jsonOf(changed.ids) : new Map<string, string>();
  if (previous.held && fresh.size !== changed.ids.length) return null;
  const next = previous.patchedInPlace(version, changed, fresh, attributeValuesOf(changed.options));
  if (!next) return null;
  const index = previous.searchIndex;
  if (!index || changes.reworded.length === 0) {
    // No product's words changed: the index (positions and words alike) is the same one. A stored
    // catalogue's index still being built is built for this snapshot next (read-model.ts).
    next.adoptSearchIndex(index);
    return next;
  }
  const vectors = await reads.vectorsOf(changes.reworded);
  if (vectors.size !== changes.reworded.length) return null;
  const at = changes.reworded.map((id) => previous.ids.get(id) as number);
  const patched =
    index.patchedInPlace(
      at,
      changes.reworded.map((id) => vectors.get(id) as string),
    ) ?? (await patchedIndex(index, previous, next.ids, vectors));
  if (!patched) return null;
  next.adoptSearchIndex(patched);
  return next;
}

/**
 * The search index of a snapshot served without one (a stored catalogue's): patched from `base`, an
 * earlier snapshot that has its index by now (only the products whose row changed since are read), or
 * else built whole from the same catalogue version's tsvectors. Null when the database has moved on to
 * a newer version (its reload asks again), when the vectors are not tsvectors' text, or when `stopped()`
 * turned true meanwhile.
 *
 * A patched product's vector may be newer than the snapshot's own: its row then changed after it, so the
 * next snapshot's patch reads it again.
 */
export async function indexSearch(
  db: Database,
  snapshot: Snapshot,
  base: Snapshot | null,
  stopped: () => boolean,
  { part }: Pick<SnapshotReading, 'part'> = {},
): Promise<SearchIndex | null> {
  const slices = new Slices(stopped);
  try {
    const index = await readCatalogueSnapshot(
      db,
      async (reads) => {
        const index = base?.searchIndex;
        if (base && index) {
          const changed = base.changedIds({ ids: snapshot.ids, xmins: snapshot.xminOf });
          const vectors = await reads.vectorsOf(changed);
          if (vectors.size === changed.length)
            return patchedIndex(index, base, snapshot.ids, vectors, slices);
        }
        if ((await reads.version()) !== snapshot.version) return null;
        return builtIndex(snapshot.size, reads.vectorParts(snapshot.ids), slices);
      },
      { part },
    );
    return stopped() ? null : index;
  } catch (error) {
    if (error instanceof BuildStopped) return null;
    throw error;
  }
}

/**
 * The search index from every product's tsvector text (one per line, in parts of consecutive products,
 * each parsed as it arrives); null if the text is not that.
 */
async function builtIndex(
  products: number,
  vectorParts: AsyncIterable<string>,
  slices = new Slices(),
): Promise<SearchIndex | null> {
  const builder = new VectorsBuilder(new LexemeDictionary(), products);
  let lines = 0;
  for await (const part of vectorParts) {
    if (part === '') continue;
    for (const line of part.split('\n')) {
      if (++lines > products || !builder.addText(line)) return null;
      if ((lines & 0x3ff) === 0 && slices.due()) await slices.pause();
    }
  }
  if (lines !== products) return null;
  return SearchIndex.build(builder.dictionary, builder.finish(), slices);
}

/** The next search index: changed products from their new tsvector text, the rest copied as they were. */
async function patchedIndex(
  index: SearchIndex,
  previous: Snapshot,
  ids: IdSequence,
  vectors: Map<string, string>,
  slices = new Slices(),
): Promise<SearchIndex | null> {
  const builder = new VectorsBuilder(index.dictionary, ids.length);
  const from: ProductVectors = index.vectors;
  // Unchanged products mostly keep their order: copy each run of consecutive ones at once.
  let runStart = -1;
  let runLength = 0;
  const flush = () => {
    if (runLength > 0) builder.addCopies(from, runStart, runLength);
    runLength = 0;
  };
  for (let k = 0; k < ids.length; k++) {
    if ((k & 0xffff) === 0 && slices.due()) await slices.pause();
    const id = ids.at(k) as string;
    const text = vectors.get(id);
    if (text !== undefined) {
      flush();
      if (!builder.addText(text)) return null;
      continue;
    }
    const j = previous.ids.get(id);
    if (j === undefined) return null;
    // A run goes on while the products' entries lie one after another (an in-place patch moves some).
    if (runLength > 0 && j === runStart + runLength && from.entryStart[j] === from.entryEnd[j - 1])
      runLength++;
    else {
      flush();
      runStart = j;
      runLength = 1;
    }
  }
  flush();
  return SearchIndex.build(builder.dictionary, builder.finish(), slices);
}
