import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogue, type SeedProduct } from '../../server/catalogue/catalogue';
import { searchProductIds } from '../../server/catalogue/products.repository';
import { parseSearch, type SearchTerms } from '../../server/catalogue/search';
import { products } from '../../server/db/schema';
import { API, type Product, type ProductPage, setupTestApp } from './helpers';

// Runs on PGlite by default and on PostgreSQL with TEST_DATABASE=postgres (`npm run test:pg`): the
// exact expectations below (ranked order included) hold on both, which is what "same SQL" promises.

const t = setupTestApp();

const get = (query: string) => t.app.inject({ method: 'GET', url: `${API}/products${query}` });
const list = async (query: string) => {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductPage>();
};
const titles = (page: ProductPage) => page.data.map((p) => p.title);

const paid = (p: { regularPrice: number; discountedPrice: number | null }) =>
  p.discountedPrice ?? p.regularPrice;
const valuesOf = (p: SeedProduct, key: string) =>
  p.attributes
    .filter((a) => a.key.toLowerCase() === key)
    .flatMap((a) => a.values.map((v) => v.toLowerCase()));
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: SeedProduct, b: SeedProduct) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || byId(a, b);

describe('search (q and free-text filter)', () => {
  it('ranks title matches above products that mention the word only elsewhere', async () => {
    const page = await list('?q=kurta&limit=100');
    const inTitle = page.data.map((p) => /kurta/i.test(p.title));
    expect(inTitle.filter(Boolean).length).toBeGreaterThanOrEqual(5);
    // Every title match comes before any product matching on category, attributes or description only.
    expect(inTitle.indexOf(false) === -1 || inTitle.lastIndexOf(true) < inTitle.indexOf(false)).toBe(true);
    expect(page.count).toBe(page.data.length);
  });

  it('gives the same ranked answer on PGlite and PostgreSQL', async () => {
    expect(titles(await list('?q=cotton%20kurta&limit=100'))).toEqual([
      'Cotton Kurta Pyjama Set',
      'Indigo Block-Print Kurta',
      'Lucknowi Chikankari Kurta',
      'Haldi Ceremony Kurta Pyjama Set',
      'Bandhgala Nehru Jacket',
    ]);
  });

  it('matches the last word as a prefix, and stems plurals', async () => {
    const prefix = titles(await list('?q=chikan'));
    expect(prefix).toContain('Lucknowi Chikankari Kurta');
    const kurt = titles(await list('?q=kurt&limit=100'));
    expect(kurt.some((title) => /kurta/i.test(title))).toBe(true);
    expect(kurt.some((title) => /kurti/i.test(title))).toBe(true);
    expect((await list('?q=sarees')).count).toBe((await list('?q=saree')).count);
    expect((await list('?q=saree')).count).toBeGreaterThan(0);
  });

  it('every word must match: a second word narrows the answer', async () => {
    const kurta = await list('?q=kurta&limit=100');
    const silkKurta = await list('?q=silk%20kurta&limit=100');
    expect(silkKurta.count).toBeGreaterThan(0);
    expect(silkKurta.count).toBeLessThan(kurta.count);
    for (const p of silkKurta.data) expect(kurta.data.map((k) => k.id)).toContain(p.id);
  });

  it('forgives a misspelt word when nothing matches exactly: it reads as the closest catalogue words', async () => {
    const ids = async (q: string) => (await list(`?q=${q}&limit=100`)).data.map((p) => p.id);
    // "kurtha" is as close to "kurta" as to "kurti": it finds what either finds, title matches first.
    const kurtha = await list('?q=kurtha&limit=100');
    expect(kurtha.count).toBeGreaterThan(0);
    expect(new Set(kurtha.data.map((p) => p.id))).toEqual(
      new Set([...(await ids('kurta')), ...(await ids('kurti'))]),
    );
    const inTitle = kurtha.data.map((p) => /kurt/i.test(p.title));
    expect(inTitle[0]).toBe(true);
    expect(inTitle.indexOf(false) === -1 || inTitle.lastIndexOf(true) < inTitle.indexOf(false)).toBe(true);
    expect((await list('?q=lucknowee')).data[0]?.title).toBe('Lucknowi Chikankari Kurta');
    // Only the word that matched nothing is replaced; the others keep narrowing.
    expect(new Set(await ids('silk%20kurtha'))).toEqual(
      new Set([...(await ids('silk%20kurta')), ...(await ids('silk%20kurti'))]),
    );
    expect((await list('?q=indgo%20kurta')).data[0]?.title).toBe('Indigo Block-Print Kurta');
    // A word with nothing close stays a search for nothing.
    expect((await list('?q=kurta%20xqzvwy')).count).toBe(0);
  });

  it('answers an empty page, not an error, for a query that matches nothing', async () => {
    const page = await list('?q=xqzvwy&facets=true');
    expect(page.data).toEqual([]);
    expect(page.pagination).toEqual({ page: 1, limit: 12, total: 0, totalPages: 0 });
    expect(page.facets?.price).toEqual({ min: 0, max: 0 });
    expect(page.facets?.sizes.every((s) => s.count === 0)).toBe(true);
  });

  it('treats filter=<text> as a search and keeps filter=featured meaning featured', async () => {
    const byFilter = await list('?filter=kurta&limit=100');
    expect(byFilter.count).toBeGreaterThan(0);
    expect(byFilter.count).toBeLessThan(catalogue.length);
    expect(byFilter.data[0]?.title).toMatch(/kurta/i);
    expect(byFilter.data.map((p) => p.id)).toEqual((await list('?q=kurta&limit=100')).data.map((p) => p.id));
    const featured = await list('?filter=featured&limit=100');
    expect(featured.count).toBe(catalogue.filter((p) => p.featured).length);
    expect((await list('?filter=cheap')).count).toBe(0);
  });

  it('applies category filters and featured together with a search', async () => {
    const page = await list('?q=cotton&category=women&limit=100');
    expect(page.count).toBeGreaterThan(0);
    expect(page.data.every((p) => p.category === 'Women')).toBe(true);
    const all = await list('?q=cotton&limit=100');
    expect(page.count).toBe(all.data.filter((p) => p.category === 'Women').length);
  });

  it('pages through search results in rank order, each result once', async () => {
    const whole = await list('?q=cotton&limit=100');
    expect(whole.count).toBeGreaterThan(7);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.count / 3); page++) {
      const part = await list(`?q=cotton&limit=3&page=${page}`);
      expect(part.pagination.total).toBe(whole.count);
      seen.push(...part.data.map((p) => p.id));
    }
    expect(seen).toEqual(whole.data.map((p) => p.id));
  });

  it('never fails on hostile or odd text', async () => {
    const hostile = [
      `"'`,
      '&|!:*()',
      "kurta' OR 1=1 --",
      'a:* & !b | (c',
      '<script>alert(1)</script>',
      'x'.repeat(200),
      'साड़ी',
      'ज़री कुर्ता',
      '\u0301\u0301',
      '🙂✨',
      '!!!',
      '\\',
      'the and of',
    ];
    for (const q of hostile) {
      const response = await get(`?q=${encodeURIComponent(q)}&facets=true`);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
    // NUL is refused app-wide, as a client error.
    const nul = await get(`?q=${encodeURIComponent('kurta\u0000')}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toHaveProperty('error');
    // Only punctuation is a search for nothing (blank is no search at all).
    expect((await list('?q=!!!')).count).toBe(0);
    expect((await list('?q=%20%20')).count).toBe(catalogue.length);
  });

  it('finds a product by its new words once an edit moves the catalogue version', async () => {
    const target = catalogue.find((p) => p.title === 'Khadi Dad Cap');
    if (!target) throw new Error('catalogue changed: no Khadi Dad Cap');
    expect((await list('?q=quixotrix')).count).toBe(0);
    const before = t.app.catalogue.version;
    await t.ctx.db.update(products).set({ title: 'Khadi Quixotrix Cap' }).where(eq(products.id, target.id));
    await t.app.catalogue.invalidate();
    expect(t.app.catalogue.version).toBeGreaterThan(before);
    expect((await list('?q=quixotrix')).data.map((p) => p.id)).toEqual([target.id]);
    await t.ctx.db.update(products).set({ title: target.title }).where(eq(products.id, target.id));
    await t.app.catalogue.invalidate();
    expect((await list('?q=quixotrix')).count).toBe(0);
  });
});

describe('sort', () => {
  const all = async (sort: string) => (await list(`?sort=${sort}&limit=100`)).data;

  it('newest (the default without a search) is the catalogue order', async () => {
    const expected = [...catalogue].sort(newestFirst).map((p) => p.id);
    expect((await all('newest')).map((p) => p.id)).toEqual(expected);
    expect((await all('relevance')).map((p) => p.id)).toEqual(expected);
  });

  it('price-asc and price-desc order by the price paid, ties by id', async () => {
    const asc = [...catalogue].sort((a, b) => paid(a) - paid(b) || byId(a, b)).map((p) => p.id);
    const desc = [...catalogue].sort((a, b) => paid(b) - paid(a) || byId(a, b)).map((p) => p.id);
    expect((await all('price-asc')).map((p) => p.id)).toEqual(asc);
    expect((await all('price-desc')).map((p) => p.id)).toEqual(desc);
  });

  it('discount puts the largest share off first', async () => {
    const off = (p: Product | SeedProduct) => (p.regularPrice - paid(p)) / p.regularPrice;
    const served = await all('discount');
    for (let i = 1; i < served.length; i++)
      expect(off(served[i - 1] as Product)).toBeGreaterThanOrEqual(off(served[i] as Product));
    expect(off(served[0] as Product)).toBeGreaterThan(0);
    expect(paid(served.at(-1) as Product)).toBe((served.at(-1) as Product).regularPrice);
  });

  it('sorts search results too, and pages a sorted answer consistently', async () => {
    const page = await list('?q=cotton&sort=price-desc&limit=100');
    const prices = page.data.map(paid);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const first = await list('?q=cotton&sort=price-desc&limit=4&page=2');
    expect(first.data.map((p) => p.id)).toEqual(page.data.slice(4, 8).map((p) => p.id));
  });

  it('rejects an unknown sort with a 400 JSON error', async () => {
    const response = await get('?sort=cheapest');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});

describe('filters and facets', () => {
  const ids = (list: SeedProduct[]) => list.map((p) => p.id).sort();
  const served = async (query: string) => (await list(`${query}&limit=100`)).data.map((p) => p.id).sort();

  it('size and color keep products with any listed value, case-insensitively', async () => {
    expect(await served('?size=m,XL')).toEqual(
      ids(catalogue.filter((p) => valuesOf(p, 'size').some((s) => s === 'm' || s === 'xl'))),
    );
    expect(await served('?color=%20indigo%20,Black')).toEqual(
      ids(catalogue.filter((p) => valuesOf(p, 'color').some((c) => c === 'indigo' || c === 'black'))),
    );
    expect((await list('?size=XXXXL')).count).toBe(0);
  });

  it('minPrice and maxPrice bound the price paid, inclusive', async () => {
    const some = catalogue.find((p) => p.discountedPrice !== null) as SeedProduct;
    const exact = await served(`?minPrice=${paid(some)}&maxPrice=${paid(some)}`);
    expect(exact).toEqual(ids(catalogue.filter((p) => paid(p) === paid(some))));
    expect(await served('?minPrice=1000&maxPrice=2000')).toEqual(
      ids(catalogue.filter((p) => paid(p) >= 1000 && paid(p) <= 2000)),
    );
    expect((await list('?minPrice=3000&maxPrice=1000')).count).toBe(0);
  });

  it('onSale keeps discounted products; filters combine with AND', async () => {
    expect(await served('?onSale=true')).toEqual(ids(catalogue.filter((p) => p.discountedPrice !== null)));
    expect(await served('?onSale=true&category=men&size=L&maxPrice=2500')).toEqual(
      ids(
        catalogue.filter(
          (p) =>
            p.discountedPrice !== null &&
            p.category === 'Men' &&
            valuesOf(p, 'size').includes('l') &&
            paid(p) <= 2500,
        ),
      ),
    );
  });

  it('counts each facet value over the products matching every other filter', async () => {
    const page = await list('?category=women&size=M&color=Black,Indigo&maxPrice=3000&facets=true&limit=1');
    const facets = page.facets;
    if (!facets) throw new Error('no facets');
    const women = catalogue.filter((p) => p.category === 'Women');
    const hasSize = (p: SeedProduct) => valuesOf(p, 'size').includes('m');
    const hasColor = (p: SeedProduct) => valuesOf(p, 'color').some((c) => c === 'black' || c === 'indigo');
    const inPrice = (p: SeedProduct) => paid(p) <= 3000;
    expect(page.count).toBe(women.filter((p) => hasSize(p) && hasColor(p) && inPrice(p)).length);
    for (const { value, count } of facets.sizes) {
      const lower = value.toLowerCase();
      expect(count, value).toBe(
        women.filter((p) => hasColor(p) && inPrice(p) && valuesOf(p, 'size').includes(lower)).length,
      );
    }
    for (const { value, count } of facets.colors) {
      const lower = value.toLowerCase();
      expect(count, value).toBe(
        women.filter((p) => hasSize(p) && inPrice(p) && valuesOf(p, 'color').includes(lower)).length,
      );
    }
    const priced = women.filter((p) => hasSize(p) && hasColor(p)).map(paid);
    expect(facets.price).toEqual({ min: Math.min(...priced), max: Math.max(...priced) });
    expect(facets.onSale).toBe(
      women.filter((p) => hasSize(p) && hasColor(p) && inPrice(p) && p.discountedPrice !== null).length,
    );
  });

  it('counts facets over every match of a search with no other filter, keeping the rank order', async () => {
    // find-answer.ts visits such a search's hits in catalogue order to count facets; the page must
    // still come in rank order, as the database ranks it.
    const plain = await list('?q=kurta&limit=100');
    const faceted = await list('?q=kurta&facets=true&limit=100');
    const ranked = await searchProductIds(t.ctx.db, parseSearch('kurta') as SearchTerms);
    expect(ranked.length).toBeGreaterThan(5);
    expect(plain.data.map((p) => p.id)).toEqual(ranked);
    expect(faceted.data.map((p) => p.id)).toEqual(ranked);
    const facets = faceted.facets;
    if (!facets) throw new Error('no facets');
    const matched = catalogue.filter((p) => ranked.includes(p.id));
    for (const { value, count } of facets.sizes)
      expect(count, value).toBe(
        matched.filter((p) => valuesOf(p, 'size').includes(value.toLowerCase())).length,
      );
    for (const { value, count } of facets.colors)
      expect(count, value).toBe(
        matched.filter((p) => valuesOf(p, 'color').includes(value.toLowerCase())).length,
      );
    expect(facets.price).toEqual({
      min: Math.min(...matched.map(paid)),
      max: Math.max(...matched.map(paid)),
    });
    expect(facets.onSale).toBe(matched.filter((p) => p.discountedPrice !== null).length);
  });

  it('lists every size in store order and every colour alphabetically, zero counts included', async () => {
    const facets = (await list('?q=saree&facets=true')).facets;
    if (!facets) throw new Error('no facets');
    const sizes = facets.sizes.map((s) => s.value);
    expect(sizes.slice(0, 6)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    const rest = sizes.slice(6);
    const numeric = rest.filter((s) => /^\d+$/.test(s));
    expect(rest.slice(0, numeric.length)).toEqual(numeric);
    expect(numeric.map(Number)).toEqual([...numeric.map(Number)].sort((a, b) => a - b));
    expect(rest).toContain('Free Size');
    const allColors = new Set(catalogue.flatMap((p) => valuesOf(p, 'color')));
    expect(facets.colors.map((c) => c.value.toLowerCase())).toEqual([...allColors].sort());
    expect(facets.colors.some((c) => c.count === 0)).toBe(true);
    expect(facets.sizes.find((s) => s.value === 'XS')?.count).toBe(0);
  });

  it('follows an edit to a product’s colours once the catalogue version moves', async () => {
    const target = catalogue.find((p) => p.title === 'Khadi Dad Cap') as SeedProduct;
    // Facets read first, so the next snapshot is patched from this one's sizes and colours.
    expect((await list('?facets=true&color=Heliotrope')).count).toBe(0);
    const attributes = target.attributes.map((a) =>
      a.key === 'color' ? { ...a, values: ['Heliotrope'] } : a,
    );
    await t.ctx.db.update(products).set({ attributes }).where(eq(products.id, target.id));
    await t.app.catalogue.invalidate();
    const page = await list('?facets=true&color=heliotrope');
    expect(page.data.map((p) => p.id)).toEqual([target.id]);
    expect(page.facets?.colors.find((c) => c.value === 'Heliotrope')?.count).toBe(1);
    // Every other product kept its colours.
    expect((await list('?color=Indigo&limit=100')).count).toBe(
      catalogue.filter((p) => valuesOf(p, 'color').includes('indigo')).length,
    );
    await t.ctx.db.update(products).set({ attributes: target.attributes }).where(eq(products.id, target.id));
    await t.app.catalogue.invalidate();
    expect((await list('?color=heliotrope')).count).toBe(0);
  });

  it('leaves facets out unless asked', async () => {
    expect(await list('?q=kurta')).not.toHaveProperty('facets');
    expect(await list('?size=M')).not.toHaveProperty('facets');
  });
});
