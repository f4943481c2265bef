import { asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isPlainListing } from '../../server/catalogue/catalogue-query';
import { valuesAt } from '../../server/catalogue/facet-index';
import { toFindQuery } from '../../server/catalogue/find-query';
import { toProductJson } from '../../server/catalogue/product-row-json';
import { normalizeTsquery, searchProductIds } from '../../server/catalogue/products.repository';
import type { CatalogueSearch } from '../../server/catalogue/search-positions';
import type { Snapshot } from '../../server/catalogue/snapshot';
import { indexSearch, loadSnapshot } from '../../server/catalogue/snapshot-load';
import type { ServerConfig } from '../../server/context';
import { products } from '../../server/db/schema';
import { COLOR_KEYS, SIZE_KEYS } from '../../shared/product-options';
import { API, type ProductPage, setupTestApp, type TestApp } from './helpers';

/**
 * Every test of the read model runs twice: with the product JSON held in memory (the default up to
 * 250,000 products) and left in the database, as a larger catalogue's is (CATALOGUE_HELD_PRODUCTS 0).
 */
const MODES: [string, Partial<ServerConfig>][] = [
  ['JSON held in memory', {}],
  ['JSON left in the database', { catalogueHeldProducts: 0 }],
];

for (const [mode, config] of MODES)
  describe(`catalogue read model, ${mode}`, () => readModelTests(setupTestApp(config)));

function readModelTests(t: TestApp) {
  /** A men's product newer than every seeded one (first in the catalogue order), ₹1,999. */
  const addMensProduct = (id: string, title: string, parentCategory: string) =>
    t.ctx.db.insert(products).values({
      id,
      title,
      description: 'Added by a test.',
      imgUrl: '/images/products/x.svg',
      category: 'Men',
      parentCategory,
      regularPricePaise: 199_900,
      featured: false,
      createdAt: new Date('2099-01-01T00:00:00.000Z'),
    });

  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/products${query}` });
    expect(response.statusCode).toBe(200);
    return { page: response.json<ProductPage>(), etag: String(response.headers.etag) };
  };

  /**
   * Resolves with the catalogue version once the read model serves one newer than `after`, or rejects
   * after `ms`: the change must reach this process through NOTIFY alone (PGlite in-process, or
   * PostgreSQL's dedicated LISTEN connection under `npm run test:pg`), within a second.
   */
  function nextVersion(after: number, ms = 1000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no catalogue change seen within ${ms} ms`));
      }, ms);
      const stop = t.app.catalogue.onChange((version) => {
        // A late notification of an earlier test's write can reload the version already served
        // (PostgreSQL's LISTEN connection hears it after that test's own invalidate()): not this change.
        if (version <= after) return;
        clearTimeout(timer);
        stop();
        resolve(version);
      });
    });
  }

  const search: CatalogueSearch = {
    normalize: (tsquery) => normalizeTsquery(t.ctx.db, tsquery),
    ranked: (terms) => searchProductIds(t.ctx.db, terms),
  };
  /** A listing's bytes from one snapshot, searches ranked by its index (or the database before it). */
  const answer = async (snapshot: Snapshot, query: Parameters<typeof toFindQuery>[0]) => {
    const find = toFindQuery(query);
    if (isPlainListing(find)) return (await snapshot.list(find)).identity.toString();
    const ranked = find.search ? await snapshot.searchPositions(find.search, search) : null;
    return (await snapshot.find(find, ranked)).identity.toString();
  };
  /** Listings that between them read every index: pages, filters, sorts, facets, searches, typos. */
  const queries: Parameters<typeof toFindQuery>[0][] = [
    { limit: 100 },
    { category: 'men', limit: 5, page: 2 },
    { filter: 'featured' },
    { q: 'kurta', facets: true },
    { q: 'silk sar', facets: true, limit: 3 },
    { q: 'kurtha' },
    { size: 'M,xl', color: 'indigo', facets: true, sort: 'price-asc' },
    { size: '38', facets: true },
    { onSale: true, sort: 'discount', limit: 7, page: 2 },
    { gender: 'women', maxPrice: 2000, sort: 'price-desc', facets: true },
  ];

  it('serves every product exactly as toProductJson shapes the row, in the contract order', async () => {
    const rows = await t.ctx.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id));
    const { page } = await list('?limit=100');
    expect(page.data).toEqual(rows.map(toProductJson));
    // Including a rupee price with paise and the featured marker added to featured products.
    expect(page.data.some((p) => !Number.isInteger(p.discountedPrice ?? 0))).toBe(true);
    for (const row of rows.filter((r) => r.featured)) {
      const served = page.data.find((p) => p.id === row.id);
      expect(served?.attributes.some((a) => a.key === 'featured')).toBe(true);
    }
  });

  it('reads a catalogue too large for one text value in parts, to the same bytes and search index', async () => {
    const whole = await loadSnapshot(t.ctx.db, null);
    // Parts of 7 products: several parts and a short last one, as a million products in parts of 100,000.
    const parted = await loadSnapshot(t.ctx.db, null, { part: 7 });
    const [held, partedHeld] = [whole.held, parted.held];
    if (!held || !partedHeld) throw new Error('expected the JSON held in memory');
    expect(whole.size).toBeGreaterThan(14);
    expect([...parted.ids]).toEqual([...whole.ids]);
    expect(partedHeld.json.equals(held.json)).toBe(true);
    expect([...partedHeld.starts]).toEqual([...held.starts]);
    expect([...partedHeld.ends]).toEqual([...held.ends]);
    expect(parted.searchIndex?.vectors).toEqual(whole.searchIndex?.vectors);
    expect(parted.searchIndex).not.toBeNull();
    expect(parted.sizeIndex).toEqual(whole.sizeIndex);
    expect(parted.colorIndex).toEqual(whole.colorIndex);
    expect(whole.sizeIndex.names.length).toBeGreaterThan(0);
  });

  it('answers every listing and product with the same bytes whether the JSON is held or read by id', async () => {
    // Attributes written every way a shop writes them: migration 0010's option_values must read sizes
    // and colours under every key shared/product-options.ts names, in any case and spacing, in order.
    const odd = '11111111-2222-4333-8444-666666666666';
    const keyed = [...SIZE_KEYS, ...COLOR_KEYS].map((key, n) => ({
      id: `k${n}`,
      key: n % 2 === 0 ? ` ${key.toUpperCase()}\t` : key,
      values: [`${key} value`],
      metricUnit: null,
    }));
    await t.ctx.db.insert(products).values({
      id: odd,
      title: 'Oddly Described Kurta',
      description: 'Attributes written by hand.',
      imgUrl: '/images/products/x.svg',
      category: 'Women',
      parentCategory: 'Kurta',
      regularPricePaise: 149_900,
      featured: true,
      createdAt: new Date('2098-01-01T00:00:00.000Z'),
      attributes: [
        { id: 'a', key: ' Colour ', values: ['Saffron', ' Indigo'], metricUnit: null },
        { id: 'b', key: 'SIZES', values: ['M', 'XL'], metricUnit: null },
        { id: 'c', key: 'size', values: [38 as unknown as string], metricUnit: null },
        { id: 'd', key: 'colors', values: 'Red' as unknown as string[], metricUnit: null },
        // Control characters in a value: escaped in option_values, so the index text's separators hold.
        { id: 'g', key: 'colour', values: ['Sea\u001fGreen', 'Sky\nBlue'], metricUnit: null },
        { id: 'e', key: 'fabric', values: ['Cotton'], metricUnit: null },
        ...keyed,
      ],
    });
    try {
      const held = await loadSnapshot(t.ctx.db, null);
      const stored = await loadSnapshot(t.ctx.db, null, { heldUpTo: 0 });
      expect(held.held).not.toBeNull();
      expect(stored.held).toBeNull();
      const at = held.ids.get(odd) as number;
      // Each product's values are its facet set's (trimmed, in the facet's order).
      expect(new Set(valuesAt(held.sizeIndex, at))).toEqual(
        new Set(['M', 'XL', '38', ...SIZE_KEYS.map((key) => `${key} value`)]),
      );
      expect(new Set(valuesAt(held.colorIndex, at))).toEqual(
        new Set([
          'Saffron',
          'Indigo',
          'Sea\u001fGreen',
          'Sky\nBlue',
          ...COLOR_KEYS.map((key) => `${key} value`),
        ]),
      );
      expect(stored.sizeIndex).toEqual(held.sizeIndex);
      expect(stored.colorIndex).toEqual(held.colorIndex);
      // The stored snapshot is served before its search index exists: the database ranks its searches,
      // in the same order (a misspelling aside: the database matches it against whole titles).
      expect(stored.searchIndex).toBeNull();
      for (const query of queries.filter((q) => q.q !== 'kurtha')) {
        const expected = await answer(held, query);
        expect(await answer(stored, query), JSON.stringify(query)).toBe(expected);
      }
      // Until then a misspelling is matched against whole titles: another answer, forgotten once indexed.
      expect(await answer(stored, { q: 'kurtha' })).not.toBe(await answer(held, { q: 'kurtha' }));
      expect(await indexSearch(t.ctx.db, stored, null, () => true)).toBeNull();
      stored.adoptSearchIndex(await indexSearch(t.ctx.db, stored, null, () => false));
      expect(stored.searchIndex?.vectors).toEqual(held.searchIndex?.vectors);
      for (const query of queries) {
        const expected = await answer(held, query);
        expect(await answer(stored, query), JSON.stringify(query)).toBe(expected);
      }
      expect(await answer(held, { size: '38' })).toContain(odd);
      for (const id of held.ids) {
        const expected = (await held.product(id))?.identity.toString();
        expect((await stored.product(id))?.identity.toString()).toBe(expected);
      }
      expect(await stored.product('11111111-2222-4333-8444-000000000000')).toBeNull();
    } finally {
      await t.ctx.db.delete(products).where(eq(products.id, odd));
      // The app's own read model saw the insert too: the next tests start from the catalogue without it.
      await t.app.catalogue.invalidate();
    }
  });

  it('shows a product write in the list within a second, through NOTIFY alone', async () => {
    const before = await list('?limit=12');
    const first = before.page.data[0];
    if (!first) throw new Error('empty catalogue');
    const versionBefore = t.app.catalogue.version;
    const changed = nextVersion(versionBefore);
    await t.ctx.db
      .update(products)
      .set({ title: 'Renamed Kurta For The Test' })
      .where(eq(products.id, first.id));
    expect(await changed).toBeGreaterThan(versionBefore);
    const after = await list('?limit=12');
    expect(after.page.data[0]?.title).toBe('Renamed Kurta For The Test');
    expect(after.etag).not.toBe(before.etag);
    // Only that product's JSON was rebuilt (a patch); every product still matches its row.
    const rows = await t.ctx.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id));
    expect((await list('?limit=100')).page.data).toEqual(rows.map(toProductJson));
    // A cached detail answer is replaced too.
    const detail = await t.app.inject({ method: 'GET', url: `${API}/products/${first.id}` });
    expect(detail.json<{ title: string }>().title).toBe('Renamed Kurta For The Test');
  });

  it('matches searches in memory once served, and keeps the index through a write', async () => {
    // A stored catalogue's snapshot is served first and indexed after (read-model.ts #indexLater).
    await t.app.catalogue.searchIndexSettled();
    expect(t.app.catalogue.searchIndexed).toBe(true);
    // Health says so (a load balancer's or a bench's way to see a large catalogue's index is ready).
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      search: 'memory',
    });
    const id = '11111111-2222-4333-8444-777777777777';
    await addMensProduct(id, 'Wonderweave Nehru Jacket', 'Nehru Jacket');
    try {
      await t.app.catalogue.invalidate();
      await t.app.catalogue.searchIndexSettled();
      expect(t.app.catalogue.searchIndexed).toBe(true);
      expect((await list('?q=wonderweave')).page.data.map((p) => p.id)).toEqual([id]);
      // A misspelt word is matched word by word against the catalogue's words: the index's way.
      expect((await list('?q=wonderweeve%20jacket')).page.data.map((p) => p.id)).toEqual([id]);
    } finally {
      await t.ctx.db.delete(products).where(eq(products.id, id));
      await t.app.catalogue.invalidate();
    }
  });

  it("patches a late search index from an earlier snapshot's, to what a whole build finds", async () => {
    const base = await loadSnapshot(t.ctx.db, null, { heldUpTo: 0 });
    base.adoptSearchIndex(await indexSearch(t.ctx.db, base, null, () => false));
    const [first] = base.ids;
    const id = '11111111-2222-4333-8444-888888888888';
    await addMensProduct(id, 'Wonderweave Angrakha', 'Kurta');
    const titled = await t.ctx.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, String(first)));
    await t.ctx.db
      .update(products)
      .set({ title: 'Moonthread Kurta' })
      .where(eq(products.id, String(first)));
    try {
      const patched = await loadSnapshot(t.ctx.db, null, { heldUpTo: 0 });
      const whole = await loadSnapshot(t.ctx.db, null, { heldUpTo: 0 });
      expect(patched.searchIndex).toBeNull();
      patched.adoptSearchIndex(await indexSearch(t.ctx.db, patched, base, () => false));
      whole.adoptSearchIndex(await indexSearch(t.ctx.db, whole, null, () => false));
      const search: CatalogueSearch = {
        normalize: (tsquery) => normalizeTsquery(t.ctx.db, tsquery),
        ranked: () => Promise.reject(new Error('the index answers these')),
      };
      for (const q of ['wonderweave', 'moonthread', 'kurta', 'silk sar', 'cotton']) {
        const terms = toFindQuery({ q }).search;
        if (!terms) throw new Error(q);
        const expected = [...(await whole.searchPositions(terms, search))];
        expect([...(await patched.searchPositions(terms, search))], q).toEqual(expected);
        if (q === 'wonderweave' || q === 'moonthread') expect(expected).toHaveLength(1);
      }
    } finally {
      await t.ctx.db.delete(products).where(eq(products.id, id));
      await t.ctx.db
        .update(products)
        .set({ title: String(titled[0]?.title) })
        .where(eq(products.id, String(first)));
      await t.app.catalogue.invalidate();
    }
  });

  it('patches writes that move no product in place, from the change log, to what a whole load finds', async () => {
    const heldUpTo = t.ctx.config.catalogueHeldProducts;
    const load = async (previous: Snapshot | null) => {
      const snapshot = await loadSnapshot(t.ctx.db, previous, { heldUpTo });
      snapshot.adoptSearchIndex(
        snapshot.searchIndex ?? (await indexSearch(t.ctx.db, snapshot, null, () => false)),
      );
      return snapshot;
    };
    const base = await load(null);
    const [priced, moved, resized, renamed] = base.ids.slice(3, 7);
    const before = await t.ctx.db
      .select()
      .from(products)
      .where(inArray(products.id, [priced, moved, resized, renamed] as string[]));
    try {
      // A price: nothing but prices and JSON changes, so the positions, lists, facets and search index are the same objects.
      await t.ctx.db
        .update(products)
        .set({ regularPricePaise: 123_400, discountedPricePaise: 99_900 })
        .where(eq(products.id, priced as string));
      const repriced = await loadSnapshot(t.ctx.db, base, { heldUpTo });
      expect(repriced.version).toBeGreaterThan(base.version);
      expect(repriced.ids).toBe(base.ids);
      expect(repriced.byCategory).toBe(base.byCategory);
      expect(repriced.sizeIndex).toBe(base.sizeIndex);
      expect(repriced.searchIndex).toBe(base.searchIndex);
      expect(repriced.sortOrders).not.toBe(base.sortOrders);
      // Then a category, sizes and colours, and words, in one transaction and two more statements.
      await t.ctx.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ category: 'Women', parentCategory: 'Kurta', featured: true })
          .where(eq(products.id, moved as string));
        await tx
          .update(products)
          .set({
            attributes: [
              { id: 'a', key: 'Size', values: ['XXL', '38'], metricUnit: null },
              { id: 'b', key: 'colour', values: ['Indigo'], metricUnit: null },
            ],
          })
          .where(eq(products.id, resized as string));
      });
      await t.ctx.db
        .update(products)
        .set({ title: 'Moonthread Silk Kurta', description: 'Rewoven.' })
        .where(eq(products.id, renamed as string));
      const patched = await loadSnapshot(t.ctx.db, repriced, { heldUpTo });
      expect(patched.ids).toBe(base.ids);
      expect(patched.byCategory).not.toBe(base.byCategory);
      expect(patched.sizeIndex).not.toBe(base.sizeIndex);
      // The rewritten products' words are appended to the index's buffers, not a whole index built.
      expect(patched.searchIndex?.vectors.entryLexeme.buffer).toBe(
        base.searchIndex?.vectors.entryLexeme.buffer,
      );
      const whole = await load(null);
      expect(patched.version).toBe(whole.version);
      for (const query of [
        ...queries,
        { q: 'moonthread' },
        { q: 'rewoven' },
        { size: 'xxl', facets: true },
      ]) {
        const expected = await answer(whole, query);
        expect(await answer(patched, query), JSON.stringify(query)).toBe(expected);
      }
      expect(await answer(patched, { q: 'moonthread' })).toContain(renamed);
      for (const id of whole.ids)
        expect((await patched.product(id))?.identity.toString()).toBe(
          (await whole.product(id))?.identity.toString(),
        );
      // A new product moves the others: the log says so, and the next load reads every product again.
      const id = '11111111-2222-4333-8444-999999999999';
      await addMensProduct(id, 'Latest Nehru Jacket', 'Nehru Jacket');
      try {
        const added = await loadSnapshot(t.ctx.db, patched, { heldUpTo });
        expect(added.ids).not.toBe(base.ids);
        expect(added.ids.at(0)).toBe(id);
      } finally {
        await t.ctx.db.delete(products).where(eq(products.id, id));
      }
    } finally {
      for (const row of before) await t.ctx.db.update(products).set(row).where(eq(products.id, row.id));
      await t.app.catalogue.invalidate();
    }
  });

  it('sees a new product (first, newest) and its removal after an explicit invalidate()', async () => {
    const before = await list('?category=men&limit=3');
    const id = '11111111-2222-4333-8444-555555555555';
    await addMensProduct(id, 'Brand New Nehru Jacket', 'Nehru Jacket');
    // A writer in this process can wait for its own write instead of the notification.
    await t.app.catalogue.invalidate();
    const added = await list('?category=men&limit=3');
    expect(added.page.count).toBe(before.page.count + 1);
    expect(added.page.data[0]?.id).toBe(id);
    expect(added.page.data[0]?.regularPrice).toBe(1999);

    await t.ctx.db.delete(products).where(eq(products.id, id));
    await t.app.catalogue.invalidate();
    const removed = await list('?category=men&limit=3');
    expect(removed.page.count).toBe(before.page.count);
    expect((await t.app.inject({ method: 'GET', url: `${API}/products/${id}` })).statusCode).toBe(404);
  });

  it('gives filtered and deep pages the same totals as counting the table', async () => {
    const rows = await t.ctx.db.select().from(products);
    const men = rows.filter((r) => r.category.toLowerCase() === 'men');
    const featuredMen = men.filter((r) => r.featured);
    const page = (await list(`?gender=men&filter=featured&limit=1&page=${featuredMen.length}`)).page;
    expect(page.count).toBe(featuredMen.length);
    expect(page.data).toHaveLength(featuredMen.length > 0 ? 1 : 0);
    const mismatch = (await list('?category=men&gender=women')).page;
    expect(mismatch.count).toBe(0);
  });
}
