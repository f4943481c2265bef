import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourHex, renderAll } from '../../scripts/generate-images';
import { artworkById, catalogue, productIdFor, type SeedProduct } from '../../server/catalogue/catalogue';
import { parseStoreConfig } from '../../server/infra/store-config';

const root = join(import.meta.dirname, '..', '..');
const publicDir = join(root, 'public');
const imagesDir = join(publicDir, 'images');
const storeConfig = JSON.parse(readFileSync(join(root, 'store.config.json'), 'utf8')) as {
  categories: string[];
  categoryImages: Record<string, string>;
  companyLogoUrl: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function values(product: SeedProduct, key: string): string[] {
  return product.attributes.find((a) => a.key.toLowerCase() === key)?.values ?? [];
}

function inCategory(category: string): SeedProduct[] {
  return catalogue.filter((p) => p.category === category);
}

function publicFile(url: string): string {
  return join(publicDir, ...url.split('/').filter(Boolean));
}

describe('catalogue', () => {
  it('holds at least 56 products with the minimum per category', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(56);
    const minimum: Record<string, number> = { 'T Shirts': 12, Tops: 10, Men: 10, Women: 12, Accessories: 8 };
    for (const [category, count] of Object.entries(minimum)) {
      expect(inCategory(category).length, category).toBeGreaterThanOrEqual(count);
    }
    expect(new Set(catalogue.map((p) => p.category))).toEqual(new Set(Object.keys(minimum)));
  });

  it('covers every ethnic sub-type named by the spec', () => {
    const types = (category: string) => new Set(inCategory(category).map((p) => p.parentCategory));
    for (const type of ['Kurta', 'Sherwani', 'Nehru Jacket', 'Kurta Pyjama Set'])
      expect(types('Men')).toContain(type);
    for (const type of ['Saree', 'Kurti', 'Lehenga', 'Salwar Suit', 'Anarkali'])
      expect(types('Women')).toContain(type);
    for (const type of ['Dupatta', 'Stole', 'Potli Bag', 'Cap', 'Jhola Bag'])
      expect(types('Accessories')).toContain(type);
  });

  it('features at least 10 products, 4 of them T Shirts, with a featured attribute matching the flag', () => {
    const featured = catalogue.filter((p) => p.featured);
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(featured.filter((p) => p.category === 'T Shirts').length).toBeGreaterThanOrEqual(4);
    for (const product of catalogue) {
      expect(values(product, 'featured').includes('true'), product.title).toBe(product.featured);
    }
  });

  it('gives every product a unique version-5 UUID derived from its slug', () => {
    const ids = catalogue.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID);
    // Pinned so that an accidental change to the derivation (which would break saved links) fails here.
    expect(productIdFor('indigo-block-print-kurta')).toBe(
      catalogue.find((p) => p.title === 'Indigo Block-Print Kurta')?.id,
    );
    expect(productIdFor('indigo-block-print-kurta')).toMatch(UUID);
    expect(productIdFor('a')).not.toBe(productIdFor('b'));
  });

  it('prices in positive rupees with discounted prices below regular ones on about a third of products', () => {
    for (const product of catalogue) {
      expect(product.regularPrice, product.title).toBeGreaterThan(0);
      // The database stores paise, so more than two decimals would be rounded away silently.
      for (const price of [product.regularPrice, product.discountedPrice ?? 0]) {
        expect(Math.abs(price * 100 - Math.round(price * 100)), product.title).toBeLessThan(1e-9);
      }
      if (product.discountedPrice !== null) {
        expect(product.discountedPrice, product.title).toBeGreaterThan(0);
        expect(product.discountedPrice, product.title).toBeLessThan(product.regularPrice);
      }
    }
    const discounted = catalogue.filter((p) => p.discountedPrice !== null).length / catalogue.length;
    expect(discounted).toBeGreaterThan(0.25);
    expect(discounted).toBeLessThan(0.45);
    const withPaise = catalogue.filter(
      (p) =>
        !Number.isInteger(p.regularPrice) ||
        (p.discountedPrice !== null && !Number.isInteger(p.discountedPrice)),
    );
    expect(withPaise.length).toBeGreaterThanOrEqual(1);
    expect(withPaise.length).toBeLessThanOrEqual(2);
  });

  it('keeps regular prices within realistic ranges for each kind of garment', () => {
    const ranges: [(p: SeedProduct) => boolean, number, number][] = [
      [(p) => p.category === 'T Shirts', 399, 1299],
      [(p) => p.category === 'Tops', 599, 1799],
      [(p) => p.parentCategory === 'Kurta', 999, 3499],
      [(p) => p.parentCategory === 'Sherwani', 7999, 18999],
      [(p) => p.parentCategory === 'Saree', 1499, 14999],
      [(p) => p.category === 'Accessories', 199, 1499],
    ];
    for (const [matches, low, high] of ranges) {
      const products = catalogue.filter(matches);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.regularPrice, product.title).toBeGreaterThanOrEqual(low);
        expect(product.regularPrice, product.title).toBeLessThanOrEqual(high);
      }
    }
  });

  it('lists sizes and 1 to 4 known colours on every product, with One Size on drapes, bags and caps', () => {
    const oneSizeTypes = new Set(['Saree', 'Dupatta', 'Stole', 'Potli Bag', 'Jhola Bag', 'Cap']);
    for (const product of catalogue) {
      const sizes = values(product, 'size');
      const colours = values(product, 'color');
      expect(sizes.length, product.title).toBeGreaterThan(0);
      expect(colours.length, product.title).toBeGreaterThanOrEqual(1);
      expect(colours.length, product.title).toBeLessThanOrEqual(4);
      for (const colour of colours) expect(colourHex, `${product.title}: ${colour}`).toHaveProperty([colour]);
      if (oneSizeTypes.has(product.parentCategory ?? '')) expect(sizes, product.title).toEqual(['One Size']);
    }
    // The SPA preselects a lone size or colour, so the catalogue must exercise both.
    expect(catalogue.some((p) => values(p, 'color').length === 1)).toBe(true);
    expect(catalogue.some((p) => values(p, 'color').length > 1)).toBe(true);
    expect(catalogue.some((p) => values(p, 'size').length === 1 && values(p, 'size')[0] !== 'One Size')).toBe(
      true,
    );
  });

  it('has specification attributes with unique ids, origin on every product and metric units where measured', () => {
    const attributeIds = catalogue.flatMap((p) => p.attributes.map((a) => a.id));
    expect(new Set(attributeIds).size).toBe(attributeIds.length);
    for (const product of catalogue) {
      expect(values(product, 'origin'), product.title).toEqual(['Made in India']);
      expect(values(product, 'fabric').length, product.title).toBe(1);
      for (const attribute of product.attributes) {
        expect(attribute.values.length, `${product.title}: ${attribute.key}`).toBeGreaterThan(0);
        expect(attribute.metricUnit === null || attribute.metricUnit.length > 0).toBe(true);
      }
    }
    const saree = catalogue.find((p) => p.parentCategory === 'Saree');
    expect(saree?.attributes.find((a) => a.key === 'length')).toMatchObject({
      values: ['5.5'],
      metricUnit: 'm',
    });
  });

  it('includes a product with a phone attribute and one with more than 10 attributes', () => {
    expect(catalogue.some((p) => p.attributes.some((a) => a.key.toLowerCase().includes('phone')))).toBe(true);
    expect(catalogue.some((p) => p.attributes.length > 10)).toBe(true);
  });

  it('writes descriptions of one to three sentences and distinct titles', () => {
    expect(new Set(catalogue.map((p) => p.title)).size).toBe(catalogue.length);
    for (const product of catalogue) {
      const sentences = product.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, product.title).toBeGreaterThanOrEqual(1);
      expect(sentences.length, product.title).toBeLessThanOrEqual(3);
    }
  });

  it('spreads distinct creation dates over at least eight months, mixing categories in time', () => {
    const times = catalogue.map((p) => Date.parse(p.createdAt));
    for (const [i, time] of times.entries()) {
      expect(Number.isNaN(time)).toBe(false);
      expect(new Date(time).toISOString()).toBe(catalogue[i]?.createdAt);
    }
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(240 * 86_400_000);
    // The newest 12 (one page) should not all come from a single category.
    const newest = [...catalogue].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 12);
    expect(new Set(newest.map((p) => p.category)).size).toBeGreaterThan(2);
  });

  it('points every product image at a file shipped in public/images', () => {
    for (const product of catalogue) {
      expect(product.imgUrl).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(product.images[0]?.url).toBe(product.imgUrl);
      for (const { url } of product.images) expect(existsSync(publicFile(url)), url).toBe(true);
    }
    expect(catalogue.some((p) => p.images.length > 1)).toBe(true);
  });

  it('has a picture of every colour it sells, keyed by that colour, the first colour the main image', () => {
    for (const product of catalogue) {
      const colours = product.attributes.find((a) => a.key === 'color')?.values ?? [];
      for (const colour of colours)
        expect(
          product.images.filter((image) => image.color === colour).length,
          `${product.title} ${colour}`,
        ).toBeGreaterThan(0);
      expect(product.images[0]?.color).toBe(colours[0]);
    }
    // Two colours of one product are two different drawings.
    const tee = catalogue.find((p) => new Set(p.images.map((i) => i.color)).size > 1)!;
    const [a, b] = [...new Set(tee.images.map((i) => i.color))];
    const svg = (colour: string | null | undefined) =>
      readFileSync(publicFile(tee.images.find((i) => i.color === colour)!.url), 'utf8');
    expect(svg(a)).not.toBe(svg(b));
  });
});

describe('store.config.json', () => {
  it('passes the server validation with every StoreInfo field', () => {
    const { store, upi } = parseStoreConfig(storeConfig);
    expect(Object.keys(store).sort()).toEqual(
      [
        'categories',
        'categoryImages',
        'companyAddress',
        'companyEmail',
        'companyLogoUrl',
        'companyName',
        'companyPhone',
        'description',
        'policies',
        'storeName',
      ].sort(),
    );
    expect(store.storeName).toBe('Statefront');
    expect(store.companyAddress).toContain('Gautam Buddha Nagar, Uttar Pradesh');
    // No real UPI payee until the shop configures one: the sandbox then uses a handle that cannot exist.
    expect(upi).toBeNull();
  });

  it('names categories that exist in the catalogue, each with an existing image', () => {
    expect(storeConfig.categories.slice(0, 2)).toEqual(['T Shirts', 'Tops']);
    for (const category of storeConfig.categories) {
      expect(inCategory(category).length, category).toBeGreaterThan(0);
      const image = storeConfig.categoryImages[category];
      expect(image, category).toBeDefined();
      expect(existsSync(publicFile(image!)), image).toBe(true);
    }
    expect(existsSync(publicFile(storeConfig.companyLogoUrl))).toBe(true);
  });
});

describe('public/images', () => {
  const expected = renderAll(catalogue, storeConfig);

  it('is up to date with the catalogue (run `npx tsx scripts/generate-images.ts` after editing it)', () => {
    for (const [path, svg] of expected) {
      const file = join(imagesDir, path);
      expect(existsSync(file), path).toBe(true);
      expect(readFileSync(file, 'utf8'), path).toBe(svg);
    }
    for (const folder of ['products', 'categories']) {
      for (const name of readdirSync(join(imagesDir, folder))) {
        expect(expected.has(`${folder}/${name}`), `stale ${folder}/${name}`).toBe(true);
      }
    }
  });

  it('holds small self-contained SVGs with a size and a title', () => {
    const files = [...expected.keys()];
    expect(files).toEqual(
      expect.arrayContaining(['hero.svg', 'logo.svg', 'default-product.svg', 'placeholder.svg']),
    );
    for (const path of files) {
      const file = join(imagesDir, path);
      const svg = readFileSync(file, 'utf8');
      expect(svg, path).toMatch(/^<svg [^>]*width="\d+" height="\d+"/);
      expect(svg, path).toMatch(/<title>[^<]+<\/title>/);
      // Only the SVG namespace may name a URL; no href, no url() other than local #ids, no embedded data.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), path).not.toMatch(/https?:|href=|data:/);
      expect(
        [...svg.matchAll(/url\(([^)]*)\)/g)].every((m) => m[1]?.startsWith('#')),
        path,
      ).toBe(true);
      if (path.startsWith('products/')) expect(statSync(file).size, path).toBeLessThan(8 * 1024);
    }
  });

  it('draws each product under its own name and in its first colour', () => {
    for (const product of catalogue) {
      const slug = artworkById.get(product.id)?.slug;
      const svg = expected.get(`products/${slug}.svg`) ?? '';
      const title = product.title.replace(/&/g, '&amp;');
      expect(svg, product.title).toContain(`<title>${title}</title>`);
      const colour = colourHex[values(product, 'color')[0] ?? ''];
      expect(svg, product.title).toContain(`fill="${colour}"`);
    }
  });

  it('sizes the category cards 380 px tall and the product art 600 by 750', () => {
    for (const [path, svg] of expected) {
      if (path.startsWith('categories/')) expect(svg).toMatch(/height="380"/);
      if (path.startsWith('products/')) expect(svg).toMatch(/viewBox="0 0 600 750" width="600" height="750"/);
    }
  });
});
