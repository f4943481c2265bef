/**
 * The catalogue read model: every product held in memory, already serialized, so a list or product
 * answer is a slice of bytes rather than a query.
 *
 * - Start-up loads all products once (one consistent snapshot, newest first then id — the contract's
 *   order) together with the catalogue_version row, and builds indexes by category, parentCategory
 *   (both lower-cased, as the API matches them) and featured. Totals are the index lengths, so no
 *   request counts rows, and a page is `positions.subarray(from, to)`: O(limit) at any depth.
 * - Answers are cached lazily per (filters, page, limit) or product id within a snapshot as
 *   EncodedBody (bytes + strong ETag, brotli/gzip made once), bounded by a byte budget.
 * - A change to products (any statement) bumps catalogue_version and NOTIFYs `statefront_catalogue`
 *   (trigger from migration 0001). Each process LISTENs — PGlite in-process, PostgreSQL on a
 *   dedicated connection that reconnects and re-checks the version — and reloads the whole catalogue:
 *   tens of milliseconds at the demo's size, 2-5 s at 100,000 products on a busy 2-core machine
 *   (building each product's JSON is most of it; patching only the changed rows would need a change
 *   log table, i.e. a later migration). A writer in this process that needs its own write visible at
 *   once awaits `invalidate()`.
 * While a reload runs, requests keep getting the previous snapshot; the swap is a single assignment.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../context';
import { withDefaultUser } from '../db/client';
import { catalogueVersion } from '../db/schema';
import { EncodedBody } from '../http/cache';

export const CATALOGUE_CHANNEL = 'statefront_catalogue';
/** Bytes of cached answers kept per snapshot before the oldest are dropped. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** Distinct filter combinations whose position lists are remembered per snapshot. */
const FILTER_MEMO_LIMIT = 2000;
const RECONNECT_DELAY_MS = 1000;

/** A list request after validation and normalisation (filters trimmed and lower-cased, or null). */
export interface CatalogueListQuery {
  page: number;
  limit: number;
  category: string | null;
  parentCategory: string | null;
  gender: string | null;
  featured: boolean;
}

const LIST_PREFIX = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

class Snapshot {
  readonly size: number;
  /** Every product's JSON in catalogue order, joined by commas. */
  readonly json: Buffer;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly indexById = new Map<string, number>();
  readonly byCategory = new Map<string, Int32Array>();
  readonly byParent = new Map<string, Int32Array>();
  readonly featured: Int32Array;
  readonly categoryOf: string[];
  readonly parentOf: (string | null)[];
  readonly isFeatured: Uint8Array;
  readonly #filters = new Map<string, Int32Array | null>();
  readonly #answers = new Map<string, EncodedBody>();
  #cachedBytes = 0;

  /**
   * @param jsonText every product's JSON in catalogue order, one per line (JSON text never holds a raw
   *   newline: PostgreSQL escapes it inside strings)
   * @param metaText per product, in the same order: id, lower(category), lower(parentCategory) or
   *   U+001E for none, featured (0/1), separated by U+001F, one product per line
   */
  constructor(
    readonly version: number,
    jsonText: string,
    metaText: string,
  ) {
    const meta = metaText === '' ? [] : metaText.split('\n');
    const n = meta.length;
    this.size = n;
    this.starts = new Uint32Array(n);
    this.ends = new Uint32Array(n);
    this.categoryOf = new Array(n);
    this.parentOf = new Array(n);
    this.isFeatured = new Uint8Array(n);
    // Newlines become the commas between products, in place: unfiltered pages are then one slice.
    this.json = Buffer.from(jsonText);
    const categories = new Map<string, number[]>();
    const parents = new Map<string, number[]>();
    const featured: number[] = [];
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const end = i === n - 1 ? this.json.length : this.json.indexOf(0x0a, offset);
      if (end < 0) throw new Error('catalogue load: fewer product JSON lines than products');
      this.starts[i] = offset;
      this.ends[i] = end;
      if (i < n - 1) this.json[end] = 0x2c;
      offset = end + 1;
      const [id = '', category = '', parent = '\u001e', flag] = (meta[i] as string).split('\u001f');
      this.indexById.set(id, i);
      this.categoryOf[i] = category;
      this.parentOf[i] = parent === '\u001e' ? null : parent;
      push(categories, category, i);
      if (parent !== '\u001e') push(parents, parent, i);
      if (flag === '1') {
        this.isFeatured[i] = 1;
        featured.push(i);
      }
    }
    for (const [key, list] of categories) this.byCategory.set(key, Int32Array.from(list));
    for (const [key, list] of parents) this.byParent.set(key, Int32Array.from(list));
    this.featured = Int32Array.from(featured);
  }

  /** Positions matching the filters in catalogue order, or null for "every product". */
  positions(query: CatalogueListQuery): Int32Array | null {
    const key = `${query.category}\u0000${query.parentCategory}\u0000${query.gender}\u0000${query.featured}`;
    const known = this.#filters.get(key);
    if (known !== undefined) return known;
    const lists: Int32Array[] = [];
    const empty = new Int32Array(0);
    if (query.category !== null) lists.push(this.byCategory.get(query.category) ?? empty);
    if (query.gender !== null) lists.push(this.byCategory.get(query.gender) ?? empty);
    if (query.parentCategory !== null) lists.push(this.byParent.get(query.parentCategory) ?? empty);
    if (query.featured) lists.push(this.featured);
    let result: Int32Array | null = null;
    if (lists.length === 1) result = lists[0] as Int32Array;
    else if (lists.length > 1) {
      // Walk the shortest list and keep what every other filter also accepts: O(shortest), once.
      const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
      result = shortest.filter(
        (i) =>
          (query.category === null || this.categoryOf[i] === query.category) &&
          (query.gender === null || this.categoryOf[i] === query.gender) &&
          (query.parentCategory === null || this.parentOf[i] === query.parentCategory) &&
          (!query.featured || this.isFeatured[i] === 1),
      );
    }
    if (this.#filters.size >= FILTER_MEMO_LIMIT) this.#filters.clear();
    this.#filters.set(key, result);
    return result;
  }

  list(query: CatalogueListQuery): EncodedBody {
    const key = `l\u0000${query.page}\u0000${query.limit}\u0000${query.category}\u0000${query.parentCategory}\u0000${query.gender}\u0000${query.featured}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const positions = this.positions(query);
    const total = positions === null ? this.size : positions.length;
    const { page, limit } = query;
    const from = Math.min(total, (page - 1) * limit);
    const to = Math.min(total, from + limit);
    const chunks: Buffer[] = [LIST_PREFIX];
    if (from < to) {
      if (positions === null) {
        // Unfiltered pages are contiguous in `json`, commas included: one slice.
        chunks.push(this.json.subarray(this.starts[from], this.ends[to - 1]));
      } else {
        for (let k = from; k < to; k++) {
          if (k > from) chunks.push(COMMA);
          const i = positions[k] as number;
          chunks.push(this.json.subarray(this.starts[i], this.ends[i]));
        }
      }
    }
    const pagination = { page, limit, total, totalPages: Math.ceil(total / limit) };
    chunks.push(Buffer.from(`],"pagination":${JSON.stringify(pagination)},"count":${total}}`));
    return this.#remember(key, new EncodedBody(Buffer.concat(chunks)));
  }

  product(id: string): EncodedBody | null {
    const index = this.indexById.get(id.toLowerCase());
    if (index === undefined) return null;
    const key = `p\u0000${index}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    // A copy, so a cached answer does not keep a view into a replaced snapshot's buffer alive.
    const bytes = Buffer.from(this.json.subarray(this.starts[index], this.ends[index]));
    return this.#remember(key, new EncodedBody(bytes));
  }

  #remember(key: string, body: EncodedBody): EncodedBody {
    // Maps iterate in insertion order: evict the oldest answers first once over budget.
    // Compressed forms are made later and lazily, so count them up front at about half the size.
    const cost = Math.ceil(body.identity.length * 1.5);
    while (this.#cachedBytes + cost > CACHE_BUDGET_BYTES && this.#answers.size > 0) {
      const [oldestKey, oldest] = this.#answers.entries().next().value as [string, EncodedBody];
      this.#answers.delete(oldestKey);
      this.#cachedBytes -= Math.ceil(oldest.identity.length * 1.5);
    }
    this.#answers.set(key, body);
    this.#cachedBytes += cost;
    return body;
  }
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Each product's JSON, built by PostgreSQL in the contract's shape and field order (prices in rupees,
 * createdAt as JavaScript's toISOString writes it, a `featured` attribute added to featured products
 * that lack one — what toProductJson in products.handlers.ts does; a test holds the two together).
 * Aggregated into one string per query: PGlite hands back one big value far faster than 100k rows.
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
const PRODUCT_META = sql`concat_ws(chr(31), id, lower(category), coalesce(lower(parent_category), chr(30)), featured::int)`;

async function loadSnapshot(db: Database): Promise<Snapshot> {
  // Repeatable read: the version, the JSON and the index fields all come from one snapshot.
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .select({ version: catalogueVersion.version })
        .from(catalogueVersion)
        .where(eq(catalogueVersion.id, 1));
      const meta = await tx.execute(
        sql`SELECT string_agg(${PRODUCT_META}, chr(10) ${ORDER}) AS text FROM products`,
      );
      const json = await tx.execute(
        sql`SELECT string_agg(${PRODUCT_JSON}, chr(10) ${ORDER}) AS text FROM products`,
      );
      return new Snapshot(Number(row?.version ?? 0), textOf(json), textOf(meta));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function textOf(result: unknown): string {
  const rows = (result as { rows: { text: string | null }[] }).rows;
  return rows[0]?.text ?? '';
}

export interface CatalogueOptions {
  db: Database;
  /** With PostgreSQL, the URL for the dedicated LISTEN connection; null for PGlite. */
  databaseUrl: string | null;
  log: FastifyBaseLogger;
}

interface PGliteLike {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
}

export class CatalogueReadModel {
  #snapshot: Snapshot;
  #inFlight: Promise<void> | null = null;
  #queued: Promise<void> | null = null;
  #closed = false;
  #listeners = new Set<(version: number) => void>();
  #stopListening: () => Promise<void> = async () => {};

  private constructor(
    private readonly options: CatalogueOptions,
    snapshot: Snapshot,
  ) {
    this.#snapshot = snapshot;
  }

  /** Starts listening for changes, then loads the first snapshot (so no change slips between). */
  static async open(options: CatalogueOptions): Promise<CatalogueReadModel> {
    const model = new CatalogueReadModel(options, new Snapshot(-1, '', ''));
    await model.#listen();
    try {
      await model.invalidate();
    } catch (error) {
      await model.close();
      throw error;
    }
    return model;
  }

  /** catalogue_version of the snapshot being served. */
  get version(): number {
    return this.#snapshot.version;
  }

  get size(): number {
    return this.#snapshot.size;
  }

  list(query: CatalogueListQuery): EncodedBody {
    return this.#snapshot.list(query);
  }

  product(id: string): EncodedBody | null {
    return this.#snapshot.product(id);
  }

  /** Calls `listener(version)` after each new snapshot goes live. Returns an unsubscribe. */
  onChange(listener: (version: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reloads from the database; resolves once a snapshot read after this call is being served.
   * Calls during a reload share one follow-up reload.
   */
  invalidate(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (!this.#inFlight) {
      this.#inFlight = this.#reload().finally(() => {
        this.#inFlight = null;
      });
      return this.#inFlight;
    }
    this.#queued ??= this.#inFlight
      .catch(() => {})
      .then(() => {
        this.#queued = null;
        return this.invalidate();
      });
    return this.#queued;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#stopListening().catch(() => {});
    await this.#inFlight?.catch(() => {});
    await this.#queued?.catch(() => {});
  }

  async #reload(): Promise<void> {
    const started = performance.now();
    const snapshot = await loadSnapshot(this.options.db);
    if (this.#closed) return;
    this.#snapshot = snapshot;
    this.options.log.debug(
      { version: snapshot.version, products: snapshot.size, ms: Math.round(performance.now() - started) },
      'catalogue loaded',
    );
    for (const listener of this.#listeners) listener(snapshot.version);
  }

  #onNotification(payload: string | undefined) {
    const version = Number(payload);
    // A notification for a version already served (our own load raced it) needs nothing.
    if (Number.isFinite(version) && version <= this.#snapshot.version && !this.#inFlight) return;
    this.invalidate().catch((error: unknown) => {
      this.options.log.error({ err: error }, 'catalogue reload failed; still serving the previous snapshot');
    });
  }

  async #listen(): Promise<void> {
    const { db, databaseUrl } = this.options;
    if (databaseUrl) {
      await this.#listenPostgres(databaseUrl);
      return;
    }
    const client = (db as unknown as { $client?: unknown }).$client as PGliteLike | undefined;
    if (client && typeof client.listen === 'function') {
      const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => this.#onNotification(payload));
      this.#stopListening = async () => unlisten();
    }
  }

  /** A dedicated connection (a pooled one would lose its LISTEN): reconnects, then re-checks the version. */
  async #listenPostgres(databaseUrl: string): Promise<void> {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (initial: boolean) => {
      const next = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
      const retry = () => {
        if (this.#closed || client !== next) return;
        client = null;
        next.end().catch(() => {});
        timer = setTimeout(() => void connect(false), RECONNECT_DELAY_MS);
        timer.unref();
      };
      next.on('error', retry);
      next.on('end', retry);
      next.on('notification', (message) => {
        if (message.channel === CATALOGUE_CHANNEL) this.#onNotification(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
        // Changes made while we were disconnected sent notifications nobody heard.
        if (!initial) this.#onNotification(undefined);
      } catch (error) {
        if (initial) {
          client = null;
          await next.end().catch(() => {});
          throw error;
        }
        this.options.log.warn({ err: error }, 'catalogue LISTEN connection failed; retrying');
        retry();
      }
    };
    await connect(true);
    this.#stopListening = async () => {
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    };
  }
}
