/**
 * A large, realistic catalogue for load tests and benchmarks: the demo catalogue plus generated
 * products modelled on it (same categories and sub-types, sizes, colours, specs and artwork), with
 * varied colours, prices (some on sale), a few featured, and dates spread over three years.
 *
 * Generated product k always gets the same id, so seeding is repeatable: rows already present (by id)
 * are left exactly as they are, missing ones are added, nothing is deleted. Rows are inserted in
 * batches of 2,000 through `jsonb_to_recordset` (one parameter per batch, same SQL on PGlite and
 * PostgreSQL).
 *
 * With one connection (PGlite) everything is one transaction: servers see the finished catalogue once,
 * at commit. On PostgreSQL the batches go over several connections at once, one transaction each (a
 * row's generated search vector is most of the time, and one transaction keeps it on one core); those
 * transactions keep the catalogue trigger quiet (migration 0011) and the seed bumps the catalogue's
 * version once, when every batch is in, so servers reload once, as before. A seed stopped half-way
 * leaves the batches already committed; running it again adds the rest.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
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

/** The catalogue changed: its version goes up and every server hears of it (migration 0011). */
const BUMP_CATALOGUE_VERSION = sql`SELECT statefront_bump_catalogue_version()`;

async function countProducts(db: Database): Promise<number> {
  const counted = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
  return Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * How many connections a seed loads over by default: one a core on PostgreSQL (2 on the 2-core machine
 * this was measured on: 100,000 products 13.0 → 7.7 s, 3 gave 7.5 s; docs/performance.md), PGlite one.
 */
export function defaultSeedConnections(driver: 'pglite' | 'postgres'): number {
  return driver === 'pglite' ? 1 : Math.min(8, availableParallelism());
}

export interface ScaleSeedOptions {
  onProgress?: (done: number, of: number) => void;
  /**
   * Transactions loading batches at once, each on a connection of its own: PostgreSQL only (PGlite has
   * one connection). 1, the default, is one transaction for the whole seed.
   */
  connections?: number;
}

/**
 * Makes sure the demo catalogue and generated products 1..(products - demo size) exist, so a fresh
 * database ends with exactly `products` products (more if it already held others).
 */
export async function seedScaleCatalogue(
  db: Database,
  products: number,
  options: ScaleSeedOptions = {},
): Promise<ScaleSeedResult> {
  const result = await loadScaleCatalogue(db, products, options);
  // New rows: VACUUM sets their hint bits and visibility map and ANALYZE gives the planner their
  // statistics, work the first read after the seed (a server starting) would otherwise do or miss.
  if (result.inserted > 0) await db.execute(sql`VACUUM (ANALYZE) products`);
  return result;
}

async function loadScaleCatalogue(
  db: Database,
  products: number,
  options: ScaleSeedOptions,
): Promise<ScaleSeedResult> {
  const demo = await defaultCatalogue();
  const generated = Math.max(0, products - demo.length);
  const connections = Math.max(1, Math.floor(options.connections ?? 1));
  let next = 1;
  let done = 0;
  /** Takes the next batch and inserts it, until none is left: the batches' order is the ids' order. */
  const load = async (t: Database) => {
    let inserted = 0;
    for (let from = next; from <= generated; from = next) {
      next = from + BATCH;
      const batch: SeedProduct[] = [];
      for (let k = from; k < from + BATCH && k <= generated; k++) batch.push(generatedProduct(k, demo));
      inserted += await insertBatch(t, batch);
      done += batch.length;
      options.onProgress?.(done, generated);
    }
    return inserted;
  };
  const demoPart = products < demo.length ? demo.slice(0, products) : demo;
  if (connections === 1) {
    return db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const inserted = (await seedProducts(t, demoPart)) + (await load(t));
      return { inserted, total: await countProducts(t) };
    });
  }
  const quietly = (work: (t: Database) => Promise<number>) =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await t.execute(sql`SELECT set_config('statefront.quiet_catalogue', 'on', true)`);
      return work(t);
    });
  // A transaction that fails rolls its batches back and stops the others taking more.
  const stopOnFailure = (error: unknown) => {
    next = Number.POSITIVE_INFINITY;
    throw error;
  };
  const parts = await Promise.allSettled([
    quietly((t) => seedProducts(t, demoPart)).catch(stopOnFailure),
    ...Array.from({ length: connections }, () => quietly(load).catch(stopOnFailure)),
  ]);
  // Whatever committed is the catalogue now, a failed run's part included.
  await db.execute(BUMP_CATALOGUE_VERSION);
  const failed = parts.find((part) => part.status === 'rejected');
  if (failed) throw failed.reason;
  const inserted = parts.reduce((sum, part) => sum + (part.status === 'fulfilled' ? part.value : 0), 0);
  return { inserted, total: await countProducts(db) };
}
