/**
 * The catalogue read model: every product held in memory, already serialized, so a list or product
 * answer is a slice of bytes rather than a query. (Past CATALOGUE_HELD_PRODUCTS products the JSON stays
 * in the database and a page reads its products by id, once per catalogue version: product-json.ts.)
 *
 * - Start-up loads all products once (one consistent snapshot, newest first then id — the contract's
 *   order) together with the catalogue_version row, and builds indexes by category, parentCategory
 *   (both lower-cased, as the API matches them) and featured. Totals are the index lengths, so no
 *   request counts rows, and a page is `positions.subarray(from, to)`: O(limit) at any depth.
 * - Answers are cached lazily per (filters, page, limit) or product id within a snapshot as
 *   EncodedBody (bytes + strong ETag, brotli/gzip made once), bounded by a byte budget.
 * - A change to products (any statement) bumps catalogue_version and NOTIFYs `statefront_catalogue`
 *   (trigger from migration 0001). Each process LISTENs — PGlite in-process, PostgreSQL on a
 *   dedicated connection that reconnects and re-checks the version — and reloads: the index fields of
 *   every product plus each row's xmin, then JSON only for rows that are new or changed (the others
 *   keep their bytes). Measured at 100,000 products on a busy 2-core machine: a one-product write is
 *   served 0.6-0.9 s later (PGlite and PostgreSQL), against ~4 s for a full load, which is what start-up
 *   and bulk changes (over a quarter of the catalogue) do. A writer in this process that needs its own
 *   write visible at once awaits `invalidate()`.
 * - Searches: each product's stored search_vector (its stemmed, weighted lexemes) is read in the same
 *   snapshot and patched the same way, and search-index.ts matches and ranks queries in memory with
 *   ts_rank's arithmetic (ts-rank.ts); the database only normalises each distinct query text, once.
 * While a reload runs, requests keep getting the previous snapshot; the swap is a single assignment.
 *
 * Where each part lives: this module holds the snapshot being served and reloads it; snapshot.ts is one
 * version (indexes, paging, caches), snapshot-load.ts reads it from the database, change-listener.ts
 * hears of changes, find-answer.ts and sort-orders.ts answer discovery listings, catalogue-query.ts is
 * what a listing asks for.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../context';
import type { EncodedBody } from '../http/cache';
import { type CatalogueFindQuery, type CatalogueListQuery, isPlainListing } from './catalogue-query';
import { listenForChanges } from './change-listener';
import { normalizeTsquery, searchProductIds } from './products.repository';
import type { CatalogueSearch } from './search-positions';
import { Snapshot } from './snapshot';
import { indexSearch, loadSnapshot } from './snapshot-load';

/** Distinct search texts whose normalised tsquery (PostgreSQL's) is remembered: it never goes stale. */
const TSQUERY_MEMO_LIMIT = 20_000;

export interface CatalogueOptions {
  db: Database;
  /** With PostgreSQL, the URL for the dedicated LISTEN connection; null for PGlite. */
  databaseUrl: string | null;
  /** The largest catalogue whose product JSON is held in memory (default HELD_PRODUCTS, snapshot-load.ts). */
  heldProducts?: number;
  log: FastifyBaseLogger;
}

export class CatalogueReadModel {
  #snapshot: Snapshot;
  #inFlight: Promise<void> | null = null;
  #queued: Promise<void> | null = null;
  #closed = false;
  #listeners = new Set<(version: number) => void>();
  #stopListening: () => Promise<void> = async () => {};
  /** The search index being built for a stored catalogue's snapshot already served (#indexLater). */
  #indexing: Promise<void> | null = null;
  readonly #normalized = new Map<string, Promise<string>>();
  readonly #search: CatalogueSearch;

  private constructor(
    private readonly options: CatalogueOptions,
    snapshot: Snapshot,
  ) {
    this.#snapshot = snapshot;
    const { db } = options;
    this.#search = {
      normalize: (tsquery) => this.#normalize(tsquery),
      ranked: (terms) => searchProductIds(db, terms),
    };
  }

  /** PostgreSQL's normal form of a tsquery, asked once per text (stemming does not change with the catalogue). */
  #normalize(tsquery: string): Promise<string> {
    const known = this.#normalized.get(tsquery);
    if (known) return known;
    const pending = normalizeTsquery(this.options.db, tsquery);
    if (this.#normalized.size >= TSQUERY_MEMO_LIMIT) this.#normalized.clear();
    this.#normalized.set(tsquery, pending);
    pending.catch(() => this.#normalized.delete(tsquery));
    return pending;
  }

  /** Starts listening for changes, then loads the first snapshot (so no change slips between). */
  static async open(options: CatalogueOptions): Promise<CatalogueReadModel> {
    const model = new CatalogueReadModel(options, Snapshot.empty());
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

  /** Whether searches are matched and ranked in memory (false: the database ranks them). */
  get searchIndexed(): boolean {
    return this.#snapshot.searchIndex !== null;
  }

  /** Settles once no search index is being built (tests; a stored catalogue's comes after its snapshot). */
  async searchIndexSettled(): Promise<void> {
    while (this.#indexing) await this.#indexing;
  }

  list(query: CatalogueListQuery): Promise<EncodedBody> {
    return this.#snapshot.list(query);
  }

  /**
   * Any listing: a plain one is `list`; a search first gets its ranked positions (once per query and
   * catalogue version, see Snapshot.searchPositions), then filters, sort, page and facets are worked
   * out here in memory.
   */
  async find(query: CatalogueFindQuery): Promise<EncodedBody> {
    const snapshot = this.#snapshot;
    if (isPlainListing(query)) return snapshot.list(query);
    const ranked = query.search ? await snapshot.searchPositions(query.search, this.#search) : null;
    return snapshot.find(query, ranked);
  }

  product(id: string): Promise<EncodedBody | null> {
    return this.#snapshot.product(id);
  }

  /** Every product id (catalogue order) and the distinct categories and types, lower-cased: the sitemap's. */
  listing(): { ids: Iterable<string>; categories: string[]; parentCategories: string[] } {
    return this.#snapshot.listing;
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
    await this.#indexing;
  }

  async #reload(): Promise<void> {
    const started = performance.now();
    const snapshot = await loadSnapshot(this.options.db, this.#snapshot, {
      heldUpTo: this.options.heldProducts,
    });
    if (this.#closed) return;
    this.#snapshot = snapshot;
    this.options.log.debug(
      { version: snapshot.version, products: snapshot.size, ms: Math.round(performance.now() - started) },
      'catalogue loaded',
    );
    for (const listener of this.#listeners) listener(snapshot.version);
    this.#indexLater();
  }

  /**
   * A stored catalogue's snapshot is served before its search index exists (searches ask the database
   * meanwhile); this builds it in the background, one build at a time, for the snapshot being served.
   * Snapshots that went live during a build get theirs patched from the one just indexed, so a stream of
   * writes does not restart the whole build. A build that finds the database at a newer version gives
   * up: that version's reload calls this again.
   */
  #indexLater(base: Snapshot | null = null): void {
    const snapshot = this.#snapshot;
    if (this.#indexing || this.#closed || snapshot.searchIndex || snapshot.held || snapshot.size === 0)
      return;
    const started = performance.now();
    let indexed: Snapshot | null = null;
    this.#indexing = indexSearch(this.options.db, snapshot, base, () => this.#closed)
      .then((index) => {
        if (!index) return;
        snapshot.adoptSearchIndex(index);
        indexed = snapshot;
        this.options.log.debug(
          { version: snapshot.version, ms: Math.round(performance.now() - started) },
          'catalogue search indexed',
        );
      })
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'catalogue search index failed; searches ask the database');
      })
      .finally(() => {
        this.#indexing = null;
        // A newer snapshot went live meanwhile: index that one, from this one's index if it was built.
        if (this.#snapshot !== snapshot) this.#indexLater(indexed);
      });
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
    this.#stopListening = await listenForChanges(
      this.options,
      (payload) => this.#onNotification(payload),
      () => this.#closed,
    );
  }
}
