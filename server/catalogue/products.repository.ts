import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../context';
import { preparedOnce } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { catalogueVersion, products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Product ids are uuids: anything else can never match one (and PostgreSQL would refuse to compare it). */
export const isProductId = (id: string) => UUID_PATTERN.test(id);

/** The products with these ids (lower-case uuids); unknown ids are simply missing from the answer. */
export function findProductsByIds(db: Database, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return productsByIds(db).execute({ ids: [...ids] });
}

// Every order asks it (prepared: server/db/prepared.ts).
const productsByIds = preparedOnce((db) =>
  db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('products_by_ids'),
);

// ---------------------------------------------------------------------------------------------
// The catalogue read model's loads (server/catalogue/snapshot-load.ts).

/**
 * Each product's JSON, built by PostgreSQL in the contract's shape and field order (prices in rupees,
 * createdAt as JavaScript's toISOString writes it, a `featured` attribute added to featured products
 * that lack one — what toProductJson in catalogue/product-row-json.ts does; a test holds the two together).
 * Aggregated into one string per query: PGlite hands back one big value far faster than 100k rows.
 * A larger catalogue is read in parts (CATALOGUE_READ_PART): one text value cannot hold a million
 * products' JSON (PostgreSQL's limit is 1 GB, a Node string's ≈ 512 MB).
 */
const ORDER = sql`ORDER BY created_at DESC, id`;
const PRODUCT_JSON = sql`json_build_object(
  'id', id, 'title', title, 'description', description, 'imgUrl', img_url, 'category', category,
  'parentCategory', parent_category,
  'regularPrice', trim_scale(regular_price_paise / 100.0),
  'discountedPrice', trim_scale(discounted_price_paise / 100.0),
  'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'images', images,
  'attributes', CASE
    WHEN featured AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(attributes) AS a WHERE lower(a->>'key') = 'featured')
    THEN attributes || '[{"id": "featured", "key": "featured", "values": ["true"], "metricUnit": null}]'::jsonb
    ELSE attributes END
)::text`;
// Prices are plain columns and cost nothing here; sizes and colours come from the generated column
// option_values (migration 0010; JSON text, so a value's control characters are escaped). In the same query they
// cost the database ≈ 0.1 s at a million products, against 1.8 s read apart.
const PRODUCT_META = sql`concat_ws(chr(31), id, lower(category), coalesce(lower(parent_category), chr(30)),
  featured::int, xmin::text, regular_price_paise, coalesce(discounted_price_paise::text, ''),
  coalesce(option_values, ''))`;

/**
 * `value` of these products (lower-case uuids) by id; ids not found are missing. An array literal: one
 * parameter, however many ids.
 */
async function valuesById(
  executor: Pick<Database, 'execute'>,
  value: SQL,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const result = await executor.execute(
    sql`SELECT id::text AS id, ${value} AS value FROM products WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  for (const r of (result as unknown as { rows: { id: string; value: string }[] }).rows)
    found.set(r.id, r.value);
  return found;
}

const SEARCH_VECTOR = sql`search_vector::text`;

/**
 * The JSON of these products by id, as the catalogue serves it; ids not found are missing. A catalogue
 * too large to hold in memory reads each page's products with it.
 */
export function productJsonByIds(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  return valuesById(db, PRODUCT_JSON, ids);
}

/** What the catalogue's change log (migration 0012) says was written since a version. */
interface CatalogueChanges {
  ids: string[];
  moved: boolean;
  reworded: string[];
}

/** The reads of one consistent catalogue snapshot. */
/** Every product's id in catalogue order: a string[] or a snapshot's packed ids (server/catalogue/product-ids.ts). */
type IdsInOrder = Pick<readonly string[], 'length' | 'slice'>;

export interface CatalogueSnapshotReads {
  /** The catalogue_version counter (0 before the first change). */
  version(): Promise<number>;
  /**
   * One line per product in catalogue order (newest first, then id), fields joined by U+001F: id,
   * lower(category), lower(parentCategory) or U+001E for none, featured (0/1), xmin (the row version's
   * transaction: a product whose xmin is unchanged has unchanged JSON), regular price in paise,
   * discounted price in paise or empty, its sizes and colours (`[[sizes…],[colours…]]`, option_values:
   * JSON text, whose strings escape U+001F and newlines).
   */
  indexText(): Promise<string>;
  /** indexText's lines of these products by id (ids not found, deleted, are missing). */
  indexLinesOf(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * The products written since catalogue version `since` (migration 0012's log), whether any of them
   * may have moved in the catalogue's order (new, deleted, re-dated), and those whose search vector
   * may have changed; null when the log cannot say (it was pruned past `since`, or a change was not
   * listed: a seed, a truncate, a bulk statement).
   */
  changedSince(since: number): Promise<CatalogueChanges | null>;
  /**
   * Every product's JSON, one per line, in catalogue order (JSON text never holds a raw newline), in
   * parts of consecutive products (see CATALOGUE_READ_PART): `ids` are every product's, in that order
   * (from indexText). Bytes, not strings: a million products' JSON stays out of the JavaScript heap.
   */
  jsonParts(ids: IdsInOrder): Promise<Buffer[]>;
  /** The JSON of these products by id (ids not found are missing). */
  jsonOf(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Every product's search_vector in its text form (`'kurta':1A,9 'cotton':2A`), one per line in
   * catalogue order (a tsvector's text never holds a newline: lexemes come from words), in parts as
   * jsonParts reads them.
   */
  vectorParts(ids: IdsInOrder): AsyncIterable<string>;
  /** The search_vector text of these products by id (ids not found are missing). */
  vectorsOf(ids: readonly string[]): Promise<Map<string, string>>;
}

/**
 * Products per part when the whole catalogue is read (JSON, search vectors): a catalogue up to this size
 * is one query per column, a larger one a query per this many products (by id, in catalogue order).
 */
const CATALOGUE_READ_PART = 100_000;

/**
 * Runs `work` inside one repeatable-read, read-only transaction, so the version, the index fields and
 * the JSON all come from one snapshot. `part` overrides CATALOGUE_READ_PART (tests read in small parts).
 */
export function readCatalogueSnapshot<T>(
  db: Database,
  work: (reads: CatalogueSnapshotReads) => Promise<T>,
  { part = CATALOGUE_READ_PART }: { part?: number } = {},
): Promise<T> {
  return db.transaction(
    (tx) => {
      /**
       * `value` of every product (`ids`, in catalogue order), one per line in that order, a text per part:
       * the whole table in one query up to `part` products, else a query per `part` consecutive ids.
       */
      const whole = async (value: SQL) =>
        textOf(await tx.execute(sql`SELECT string_agg(${value}, chr(10) ${ORDER}) AS text FROM products`));
      async function* inParts(value: SQL, ids: IdsInOrder): AsyncGenerator<string> {
        if (ids.length <= part) {
          yield await whole(value);
          return;
        }
        // One snapshot: every id is there. An array literal: one parameter, however many ids.
        const partFrom = async (from: number) => {
          const slice = `{${ids.slice(from, from + part).join(',')}}`;
          return textOf(
            await tx.execute(
              sql`SELECT string_agg(${value}, chr(10) ${ORDER}) AS text FROM products WHERE id = ANY(${slice}::uuid[])`,
            ),
          );
        };
        // The next part is asked for before this one is handed on: the database builds it while the
        // caller parses this one. (Its failure is seen where it is awaited, not as an unhandled rejection.)
        let next = partFrom(0);
        for (let from = 0; from < ids.length; from += part) {
          const text = await next;
          if (from + part < ids.length) {
            next = partFrom(from + part);
            next.catch(() => {});
          }
          yield text;
        }
      }
      return work({
        async version() {
          const [row] = await tx
            .select({ version: catalogueVersion.version })
            .from(catalogueVersion)
            .where(eq(catalogueVersion.id, 1));
          return Number(row?.version ?? 0);
        },
        indexText() {
          return whole(PRODUCT_META);
        },
        indexLinesOf(ids) {
          return valuesById(tx, PRODUCT_META, ids);
        },
        async changedSince(since) {
          const result = await tx.execute(sql`SELECT
              coalesce((SELECT changes_from FROM catalogue_version WHERE id = 1) <= ${since} + 1, false)
                AND NOT coalesce(bool_or(product_id IS NULL), false) AS listed,
              coalesce(bool_or(moved), false) AS moved,
              coalesce(string_agg(DISTINCT product_id::text, ','), '') AS ids,
              coalesce(string_agg(DISTINCT product_id::text, ',') FILTER (WHERE reworded), '') AS reworded
            FROM catalogue_changes WHERE version > ${since}`);
          const [row] = rowsOf<{ listed: boolean; moved: boolean; ids: string; reworded: string }>(result);
          if (!row?.listed) return null;
          const list = (text: string) => (text === '' ? [] : text.split(','));
          return { ids: list(row.ids), moved: row.moved, reworded: list(row.reworded) };
        },
        async jsonParts(ids) {
          const parts: Buffer[] = [];
          // Each part leaves the JavaScript heap as soon as it arrives.
          for await (const text of inParts(PRODUCT_JSON, ids)) parts.push(Buffer.from(text));
          return parts;
        },
        jsonOf(ids) {
          return valuesById(tx, PRODUCT_JSON, ids);
        },
        vectorParts(ids) {
          return inParts(SEARCH_VECTOR, ids);
        },
        vectorsOf(ids) {
          return valuesById(tx, SEARCH_VECTOR, ids);
        },
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function textOf(result: unknown): string {
  const rows = (result as { rows: { text: string | null }[] }).rows;
  return rows[0]?.text ?? '';
}

// ---------------------------------------------------------------------------------------------
// Catalogue search (server/catalogue/search.ts builds the terms; migration 0003_search the column
// and indexes). The same SQL runs on PGlite and PostgreSQL.

/**
 * How close (pg_trgm word_similarity: shared trigrams over the query's trigrams, against the best
 * matching stretch of the title) a title must be to count as a typo of the query. 0.5 finds "kurtha"
 * for "Kurta" (0.57) but not unrelated words that share one syllable.
 */
const TYPO_THRESHOLD = 0.5;
/** Shorter queries have too few trigrams for a similarity to mean anything. */
const TYPO_MIN_LENGTH = 3;

/**
 * PostgreSQL's normal form of a search's tsquery (`'cotton' & 'kurta':*`): stemmed, stop words
 * dropped; '' when nothing is left. The read model matches and ranks it in memory (search-index.ts).
 */
export async function normalizeTsquery(db: Database, tsquery: string): Promise<string> {
  if (tsquery === '') return '';
  return textOf(await db.execute(sql`SELECT to_tsquery('english', ${tsquery})::text AS text`));
}

/**
 * Ids of the products matching a search, best first: full-text matches ranked by ts_rank (title
 * words weigh most, then category and type, attributes, description), ties newest first then by id.
 * Only when nothing matches does it fall back to titles within a typo of the query (pg_trgm), closest
 * first — so a correctly spelt query never gets near-misses mixed into its answer.
 */
export async function searchProductIds(
  db: Database,
  terms: { tsquery: string; text: string },
): Promise<string[]> {
  if (terms.tsquery === '') return [];
  const ranked = textOf(
    await db.execute(sql`SELECT string_agg(p.id::text, ',' ORDER BY ts_rank(p.search_vector, q.query) DESC,
        p.created_at DESC, p.id) AS text
      FROM products AS p, to_tsquery('english', ${terms.tsquery}) AS q(query)
      WHERE p.search_vector @@ q.query`),
  );
  if (ranked !== '') return ranked.split(',');
  return typoProductIds(db, terms);
}

/** Ids of the products whose title is within a typo of the search (pg_trgm), closest first. */
async function typoProductIds(db: Database, terms: { text: string }): Promise<string[]> {
  if (terms.text.length < TYPO_MIN_LENGTH) return [];
  const close = await db.transaction(async (tx) => {
    // `%>` is the indexable form of word_similarity(query, title) > this threshold (this transaction only).
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    );
    return textOf(
      await tx.execute(sql`SELECT string_agg(id::text, ',' ORDER BY word_similarity(${terms.text}, title) DESC,
          created_at DESC, id) AS text
        FROM products WHERE title %> ${terms.text}`),
    );
  });
  return close === '' ? [] : close.split(',');
}
