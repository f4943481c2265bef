/**
 * A large, realistic catalogue for load tests and benchmarks: the demo catalogue plus generated
 * products modelled on it (same categories and sub-types, sizes, colours, specs and artwork), with
 * varied colours, prices (some on sale), a few featured, and dates spread over three years.
 *
 * Generated product k always gets the same id, so seeding is repeatable: rows already present (by id)
 * are left exactly as they are, missing ones are added, nothing is deleted. Rows are inserted in
 * batches of 2,000 through `jsonb_to_recordset` (one parameter per batch, same SQL on PGlite and
 * PostgreSQL), all in one transaction: the catalogue trigger fires once per batch and servers see the
 * finished catalogue once, at commit.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SeedProduct } from '../catalogue/catalogue';
import type { Database } from '../context';
import { defaultCatalogue, seedProducts, toPaise } from './seed';

const BATCH = 2000;
const NEWEST = Date.parse('2026-06-30T12:00:00.000Z');
const SPREAD_MS = 3 * 365 * 86_400_000;

const COLOURS = [
  'White',
  'Black',
  'Navy',
  'Indigo',
  'Maroon',
  'Mustard',
  'Bottle Green',
  'Rust',
  'Sage',
  'Peach',
  'Lavender',
  'Terracotta',
  'Sky Blue',
  'Charcoal',
  'Off White',
  'Rani Pink',
  'Olive',
  'Cream',
];
const EDITIONS = ['Classic', 'Festive', 'Monsoon', 'Summer', 'Heritage', 'Everyday', 'Weekend', 'Studio'];

/** A uuid (version 5 layout) derived from a name: stable across runs and machines. */
export function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`statefront-scale:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Small deterministic PRNG (mulberry32) so a seed gives the same catalogue every time. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Generated product number `k` (1-based), modelled on a demo product. */
export function generatedProduct(k: number, templates: readonly SeedProduct[]): SeedProduct {
  const rand = random(k * 2654435761);
  const template = templates[(k - 1) % templates.length] as SeedProduct;
  const colour = COLOURS[Math.floor(rand() * COLOURS.length)] as string;
  const edition = EDITIONS[Math.floor(rand() * EDITIONS.length)] as string;
  const id = stableUuid(String(k));
  const slug = `scale-${k}`;
  // Prices near the template's, ending in 49 or 99 as Indian shops price them.
  const base = template.regularPrice * (0.7 + rand() * 0.8);
  const regular = Math.max(199, Math.round(base / 50) * 50 - (rand() < 0.5 ? 1 : 51));
  const onSale = rand() < 0.3;
  const sale = onSale ? Math.max(99, Math.round((regular * (0.6 + rand() * 0.3)) / 10) * 10 - 1) : null;
  const otherColours = COLOURS.filter((c) => c !== colour && rand() < 0.15).slice(0, 3);
  const attributes = template.attributes
    .filter((a) => a.key !== 'featured')
    .map((a) => ({
      ...a,
      id: `${slug}-${a.id.slice(a.id.lastIndexOf('-') + 1)}`,
      values: a.key === 'color' ? [colour, ...otherColours] : a.values,
    }));
  const featured = rand() < 0.01;
  if (featured)
    attributes.push({ id: `${slug}-featured`, key: 'featured', values: ['true'], metricUnit: null });
  return {
    id,
    title: `${edition} ${colour} ${template.title} · Style ${k}`,
    description: template.description,
    imgUrl: template.imgUrl,
    category: template.category,
    parentCategory: template.parentCategory,
    regularPrice: regular,
    discountedPrice: sale !== null && sale < regular ? sale : null,
    featured,
    images: template.images,
    attributes,
    createdAt: new Date(NEWEST - Math.floor((rand() * SPREAD_MS) / 60_000) * 60_000).toISOString(),
  };
}

async function insertBatch(db: Database, batch: SeedProduct[]): Promise<number> {
  const rows = batch.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    img_url: p.imgUrl,
    category: p.category,
    parent_category: p.parentCategory,
    regular_price_paise: toPaise(p.regularPrice),
    discounted_price_paise: p.discountedPrice === null ? null : toPaise(p.discountedPrice),
    featured: p.featured,
    images: p.images,
    attributes: p.attributes,
    created_at: p.createdAt,
  }));
  const result = await db.execute<{ n: number }>(sql`
    WITH inserted AS (
      INSERT INTO products (id, title, description, img_url, category, parent_category,
        regular_price_paise, discounted_price_paise, featured, images, attributes, created_at)
      SELECT id, title, description, img_url, category, parent_category,
        regular_price_paise, discounted_price_paise, featured, images, attributes, created_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        id uuid, title text, description text, img_url text, category text, parent_category text,
        regular_price_paise bigint, discounted_price_paise bigint, featured boolean,
        images jsonb, attributes jsonb, created_at timestamptz)
      ON CONFLICT (id) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`);
  const first = (result as unknown as { rows: { n: number }[] }).rows[0];
  return Number(first?.n ?? 0);
}

export interface ScaleSeedResult {
  /** Rows this run added. */
  inserted: number;
  /** Products in the table afterwards. */
  total: number;
}

/**
 * Makes sure the demo catalogue and generated products 1..(products - demo size) exist, so a fresh
 * database ends with exactly `products` products (more if it already held others).
 */
export async function seedScaleCatalogue(
  db: Database,
  products: number,
  onProgress?: (done: number, of: number) => void,
): Promise<ScaleSeedResult> {
  const demo = await defaultCatalogue();
  const generated = Math.max(0, products - demo.length);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    let inserted = await seedProducts(t, products < demo.length ? demo.slice(0, products) : demo);
    for (let from = 1; from <= generated; from += BATCH) {
      const batch: SeedProduct[] = [];
      for (let k = from; k < from + BATCH && k <= generated; k++) batch.push(generatedProduct(k, demo));
      inserted += await insertBatch(t, batch);
      onProgress?.(Math.min(generated, from + BATCH - 1), generated);
    }
    const counted = await t.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { inserted, total };
  });
}
