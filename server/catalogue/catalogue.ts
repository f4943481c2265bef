/**
 * The demo catalogue of Statefront, seeded into the database on first start.
 *
 * How to edit it:
 * - Add, change or remove an entry in the category's file: seed-t-shirts.ts, seed-tops.ts, seed-men.ts,
 *   seed-women.ts or seed-accessories.ts (an entry's shape and the shared size runs: seed-entry.ts). The
 *   product id, attribute ids and image paths are all derived from the slug of the title (or from `slug`
 *   when given), so keep a title's slug unchanged if links to the product should survive a reseed; set
 *   `slug` explicitly when renaming a product.
 * - Prices are rupees (`price`, and `sale` for the discounted price, which must be lower). The database
 *   stores paise, so at most two decimals.
 * - `colours` must be names known to the image generator's palette (scripts/generate-images.ts); each
 *   colour gets its own picture (and close-up), keyed by the colour (`productImagePath`); the first
 *   colour's is the product's main image. `sizes` may be `ONE_SIZE` for drapes and bags.
 * - `specs` become specification attributes (shown on the product page, at most 10); keys containing
 *   'phone' are hidden by the SPA. `origin: 'Made in India'` and `featured` are added for you.
 * - Then regenerate the artwork and check the invariants:
 *     npx tsx scripts/generate-images.ts   # writes public/images/** (commit the result)
 *     npx vitest run tests/scripts         # counts, ids, prices, and that the images are up to date
 *   An existing database keeps its rows: delete DATA_DIR (default ./.data) to reseed from these files.
 */
import { createHash } from 'node:crypto';
import type { components } from '../../contract/schema';
import { accessoryEntries } from './seed-accessories';
import type { Entry, SpecValue } from './seed-entry';
import { menEntries } from './seed-men';
import { tShirtEntries } from './seed-t-shirts';
import { topEntries } from './seed-tops';
import { womenEntries } from './seed-women';

/** A seeded product: the contract's Product and whether the home page features it. */
export type SeedProduct = components['schemas']['Product'] & { featured: boolean };

/** What the image generator needs beyond the product itself. */
export interface CatalogueArtwork {
  slug: string;
  /** Garment silhouette drawn for the product. */
  garment: GarmentKind;
  /** Whether an alternate close-up view `<slug>-alt.svg` exists. */
  alt: boolean;
}

export type GarmentKind =
  | 'tshirt'
  | 'oversized'
  | 'henley'
  | 'polo'
  | 'croptop'
  | 'blouse'
  | 'tunic'
  | 'peplum'
  | 'kurta'
  | 'kurtaset'
  | 'sherwani'
  | 'nehru'
  | 'saree'
  | 'kurti'
  | 'lehenga'
  | 'salwar'
  | 'anarkali'
  | 'dupatta'
  | 'stole'
  | 'potli'
  | 'jhola'
  | 'cap';

const GARMENT_BY_TYPE: Record<string, GarmentKind> = {
  'Graphic Tee': 'tshirt',
  'Basic Tee': 'tshirt',
  Oversized: 'oversized',
  Henley: 'henley',
  Polo: 'polo',
  'Crop Top': 'croptop',
  Blouse: 'blouse',
  Tunic: 'tunic',
  Peplum: 'peplum',
  Kurta: 'kurta',
  'Kurta Pyjama Set': 'kurtaset',
  Sherwani: 'sherwani',
  'Nehru Jacket': 'nehru',
  Saree: 'saree',
  Kurti: 'kurti',
  Lehenga: 'lehenga',
  'Salwar Suit': 'salwar',
  Anarkali: 'anarkali',
  Dupatta: 'dupatta',
  Stole: 'stole',
  'Potli Bag': 'potli',
  'Jhola Bag': 'jhola',
  Cap: 'cap',
};

// The order of the categories is the catalogue order, and createdAtFor spreads dates by it.
const entries: Entry[] = [
  ...tShirtEntries,
  ...topEntries,
  ...menEntries,
  ...womenEntries,
  ...accessoryEntries,
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A name-based UUID (version 5 layout: SHA-1 of the name, version and variant bits set) so the same slug
 * always yields the same id and links survive a reseed.
 */
export function productIdFor(slug: string): string {
  const bytes = createHash('sha1').update(`statefront:${slug}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The newest product is dated here; the rest spread back over about ten months. */
const NEWEST = Date.UTC(2026, 10, 14, 10, 30);
const SPREAD_DAYS = 300;

/**
 * Spreads creation dates so that every category has old and new products: the i-th entry gets a rank by
 * a stride coprime with the count, and a few hours of jitter from its slug keep the times irregular.
 */
function createdAtFor(index: number, slug: string): string {
  const count = entries.length;
  let stride = 37;
  while (gcd(stride, count) !== 1) stride += 2;
  const rank = (index * stride) % count;
  const jitterHours = createHash('sha1').update(slug).digest()[0]! % 11;
  const ageMs = ((rank * SPREAD_DAYS) / count) * 86_400_000 + jitterHours * 3_600_000;
  return new Date(NEWEST - Math.round(ageMs / 60_000) * 60_000).toISOString();
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function attributeKeyId(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Where a product's picture in one of its colours is served: the first colour keeps the plain
 * `<slug>.svg` (`<slug>-alt.svg` for the close-up), every other colour `<slug>--<colour>.svg`, so links
 * to the main image survive adding a colour. scripts/generate-images.ts draws each one.
 */
export function productImagePath(
  slug: string,
  colourIndex: number,
  colour: string,
  view: 'main' | 'alt',
): string {
  const suffix = view === 'alt' ? '-alt' : '';
  return colourIndex === 0
    ? `/images/products/${slug}${suffix}.svg`
    : `/images/products/${slug}--${slugify(colour)}${suffix}.svg`;
}

function build(entry: Entry, index: number): { product: SeedProduct; artwork: CatalogueArtwork } {
  const slug = entry.slug ?? slugify(entry.title);
  const garment = GARMENT_BY_TYPE[entry.parentCategory];
  if (!garment) throw new Error(`No garment artwork for parent category '${entry.parentCategory}'`);
  const imgUrl = productImagePath(slug, 0, entry.colours[0] ?? '', 'main');
  const attribute = (key: string, values: string[], metricUnit: string | null = null) => ({
    id: `${slug}-${attributeKeyId(key)}`,
    key,
    values,
    metricUnit,
  });
  const withOrigin: Record<string, SpecValue> = { ...entry.specs, origin: 'Made in India' };
  const specs = Object.entries(withOrigin).map(([key, value]) =>
    typeof value === 'string' ? attribute(key, [value]) : attribute(key, value.values, value.unit),
  );
  const product: SeedProduct = {
    id: productIdFor(slug),
    title: entry.title,
    description: entry.description,
    imgUrl,
    category: entry.category,
    parentCategory: entry.parentCategory,
    regularPrice: entry.price,
    discountedPrice: entry.sale ?? null,
    featured: entry.featured ?? false,
    images: entry.colours.flatMap((colour, index) => {
      const main = { url: productImagePath(slug, index, colour, 'main'), color: colour };
      return entry.alt
        ? [main, { url: productImagePath(slug, index, colour, 'alt'), color: colour }]
        : [main];
    }),
    attributes: [
      attribute('size', entry.sizes),
      attribute('color', entry.colours),
      ...specs,
      ...(entry.featured ? [attribute('featured', ['true'])] : []),
    ],
    createdAt: createdAtFor(index, slug),
  };
  return { product, artwork: { slug, garment, alt: entry.alt ?? false } };
}

const built = entries.map(build);

export const catalogue: SeedProduct[] = built.map((b) => b.product);

/** Artwork facts per product id, for scripts/generate-images.ts and the catalogue tests. */
export const artworkById: ReadonlyMap<string, CatalogueArtwork> = new Map(
  built.map((b) => [b.product.id, b.artwork]),
);
