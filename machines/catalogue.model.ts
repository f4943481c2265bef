/** Products as the screens show them (spec §3 "Derived for display", §2 Products list, §5 size label). */
import type { components, ProductAttribute } from '../contract/schema';
import { picturesOfColour } from '../shared/product-images';
import { optionValues } from '../shared/product-options';
import { PAGE_SIZE, type ProductsQuery } from '../shared/products-query';
import type { CartLine } from './cart.model';

// The list's address (its query, sort and page size) is shared with the server's first render.
export {
  defaultSort,
  PAGE_SIZE,
  type ProductSort,
  type ProductsQuery,
  parseProductsQuery,
  productsPath,
  sameProductsQuery,
  sortOf,
} from '../shared/products-query';

export type ApiProduct = components['schemas']['Product'];

export type DisplayProduct = {
  id: string;
  name: string;
  price: number;
  originalPrice?: number;
  description: string;
  /** The main image (the card's), or '' for none. */
  image: string;
  /**
   * The gallery's images with no colour chosen, the main one first, each once; [] for none. When the
   * pictures name their colours (`ProductImage.color`), only the main image's colour's.
   */
  images: string[];
  /** Each colour's images, its own first (shared/product-images.ts); absent when no picture names a colour. */
  imagesByColor?: Record<string, string[]>;
  category: string;
  parentCategory: string;
  featured: boolean;
  sizes?: string[];
  colors?: string[];
  attributes: ProductAttribute[];
};

export const PARENT_CATEGORY_LOOKUP_LIMIT = 100;
export const ONE_SIZE = 'One Size';

export function toDisplayProduct(p: ApiProduct): DisplayProduct {
  const hasDiscount = typeof p.discountedPrice === 'number';
  const attributes = p.attributes ?? [];
  const image = p.imgUrl || p.images?.[0]?.url || '';
  const pictures = p.images ?? [];
  const out: DisplayProduct = {
    id: String(p.id),
    name: p.title,
    price: hasDiscount
      ? (p.discountedPrice as number)
      : typeof p.regularPrice === 'number'
        ? p.regularPrice
        : 0,
    description: p.description ?? '',
    image,
    images: picturesOfColour(pictures, image),
    category: p.category ?? '',
    parentCategory: p.parentCategory ?? '',
    featured: attributes.some(
      (a) =>
        a.key.trim().toLowerCase() === 'featured' && a.values.some((v) => v.toLowerCase().includes('true')),
    ),
    attributes,
  };
  if (hasDiscount && typeof p.regularPrice === 'number') out.originalPrice = p.regularPrice;
  // The same keys the server checks an order's size and colour against (shared/product-options.ts).
  const sizes = optionValues(attributes, 'size');
  if (sizes.length > 0) out.sizes = sizes;
  const colors = optionValues(attributes, 'color');
  if (colors.length > 0) out.colors = colors;
  if (colors.length > 0 && pictures.some((picture) => picture.color))
    out.imagesByColor = Object.fromEntries(
      colors.map((colour) => [colour, picturesOfColour(pictures, image, colour)]),
    );
  return out;
}

/** The product's images in a colour (its default ones for none, or a colour without pictures). */
export function imagesOf(
  p: Pick<DisplayProduct, 'images' | 'imagesByColor'>,
  colour?: string | null,
): string[] {
  return (colour ? p.imagesByColor?.[colour] : undefined) ?? p.images;
}

/** The one image a card or cart line shows for a colour. */
export function imageOf(
  p: Pick<DisplayProduct, 'image' | 'images' | 'imagesByColor'>,
  colour?: string | null,
): string {
  return imagesOf(p, colour)[0] ?? p.image;
}

/**
 * The colour a card shows in a list filtered by colours: the first of the filter's colours the product
 * sells, so a list filtered by Navy shows the navy tee; undefined when unfiltered.
 */
export function shownColour(p: Pick<DisplayProduct, 'colors'>, filtered: readonly string[] | undefined) {
  const wanted = (filtered ?? []).map((colour) => colour.trim().toLowerCase());
  return p.colors?.find((colour) => wanted.includes(colour.trim().toLowerCase()));
}

/** A sale badge shows only when originalPrice is set and the price is below it. */
export function isOnSale(p: Pick<DisplayProduct, 'price' | 'originalPrice'>): boolean {
  return p.originalPrice !== undefined && p.price < p.originalPrice;
}

/**
 * The whole per cent off the MRP (originalPrice, the API's regularPrice) that 'x% OFF' shows, 0 when
 * not on sale. Rounded down, so the label never promises more than the price gives (₹999 of ₹1,299 is
 * 23.09% → 23); computed in paise so rupee fractions do not drift (₹900.10 of ₹1,000 → 9).
 */
export function percentOff(p: Pick<DisplayProduct, 'price' | 'originalPrice'>): number {
  if (!isOnSale(p)) return 0;
  const mrp = Math.round((p.originalPrice as number) * 100);
  const paid = Math.round(p.price * 100);
  if (mrp <= 0) return 0;
  return Math.floor(((mrp - paid) * 100) / mrp);
}

/** Parent-category filter options, read from a limit-100 fetch of the category: unique, sorted. */
export function parentCategoryOptions(products: readonly Pick<DisplayProduct, 'parentCategory'>[]): string[] {
  const set = new Set(products.map((p) => p.parentCategory.trim()).filter((c) => c !== ''));
  return [...set].sort(byName);
}

/**
 * A to Z ignoring case (lower case first on a tie), as `localeCompare` orders such names, without it:
 * the first collation in a page loads the locale's data, 50 ms of a slow phone's main thread.
 */
export function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}

/** True when a size, colour, price or on-sale filter (or a type) narrows the list. */
export const hasNarrowing = (query: ProductsQuery): boolean =>
  Boolean(query.parentCategory) ||
  Boolean(query.sizes?.length) ||
  Boolean(query.colors?.length) ||
  query.minPrice !== undefined ||
  query.maxPrice !== undefined ||
  Boolean(query.onSale);

/** One chip per active filter, in the order the filter panel lists them; each removes one value. */
export type FilterChip =
  | { filter: 'parentCategory'; label: string }
  | { filter: 'size' | 'color'; value: string; label: string }
  | { filter: 'price'; label: string }
  | { filter: 'onSale'; label: string };

const rupees = (n: number) => `\u20b9${n.toLocaleString('en-IN')}`;

export function filterChips(query: ProductsQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  if (query.parentCategory) chips.push({ filter: 'parentCategory', label: query.parentCategory });
  for (const value of query.sizes ?? []) chips.push({ filter: 'size', value, label: `Size ${value}` });
  for (const value of query.colors ?? []) chips.push({ filter: 'color', value, label: value });
  if (query.minPrice !== undefined || query.maxPrice !== undefined)
    chips.push({
      filter: 'price',
      label:
        query.minPrice !== undefined && query.maxPrice !== undefined
          ? `${rupees(query.minPrice)} \u2013 ${rupees(query.maxPrice)}`
          : query.minPrice !== undefined
            ? `From ${rupees(query.minPrice)}`
            : `Up to ${rupees(query.maxPrice as number)}`,
    });
  if (query.onSale) chips.push({ filter: 'onSale', label: 'On sale' });
  return chips;
}

const capitalise = (s: string) => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

/** Every word capitalised, as the navigation names categories ('t shirts' → 'T Shirts'). */
const titleCase = (s: string) => s.split(/(\s+)/).map(capitalise).join('');

/**
 * The list's title (spec §2 Products list): one display name per category, the same as the
 * navigation's, and 'Featured' for the featured list.
 */
export function productsTitle(
  query: Pick<ProductsQuery, 'category' | 'parentCategory' | 'featured' | 'q'>,
): string {
  if (query.q) return `Results for "${query.q}"`;
  if (query.parentCategory) return query.parentCategory;
  const category = query.category?.trim() ?? '';
  if (category.toLowerCase() === 'men') return "Men's Ethnic Wear";
  if (category.toLowerCase() === 'women') return "Women's Ethnic Wear";
  if (category !== '') return titleCase(category);
  if (query.featured) return 'Featured';
  return 'All Products';
}

export function totalPages(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PageItem = number | 'ellipsis';

/** Pages to show: first, last, 2 either side of the current one, ellipses in the gaps. */
export function paginationWindow(current: number, pages: number, radius = 2): PageItem[] {
  const items: PageItem[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= radius) items.push(p);
    else if (items[items.length - 1] !== 'ellipsis') items.push('ellipsis');
  }
  return items;
}

/** 'Showing X to Y of Z items'. */
export function showingRange(page: number, total: number, pageSize = PAGE_SIZE): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} items`;
}

/** 'Shoe Size', 'Size' (One Size) or 'Clothing Size' (spec §5). */
export function sizeLabel(p: Pick<DisplayProduct, 'category' | 'description' | 'sizes'>): string {
  const category = p.category.toLowerCase();
  if (
    category.includes('footwear') ||
    category.includes('shoes') ||
    p.description.toLowerCase().includes('shoe')
  )
    return 'Shoe Size';
  if (p.sizes?.length === 1 && p.sizes[0] === ONE_SIZE) return 'Size';
  return 'Clothing Size';
}

/**
 * Add to Cart from a card: quantity 1, a lone size or colour preselected, and so is the colour the card
 * shows (`shownColour`: the list is filtered by it).
 */
export function cardCartLine(p: DisplayProduct, colour?: string): CartLine {
  const chosen = colour !== undefined && p.colors?.includes(colour) ? colour : undefined;
  const line: CartLine = { id: p.id, name: p.name, image: p.image, price: p.price, quantity: 1 };
  if (p.sizes?.length === 1) line.selectedSize = p.sizes[0]!;
  if (p.colors?.length === 1) line.selectedColor = p.colors[0]!;
  if (chosen) line.selectedColor = chosen;
  line.image = imageOf(p, line.selectedColor);
  // Several to choose from: the cart line asks for them in place, and shows the picture of the colour
  // picked there.
  if (p.sizes && p.sizes.length > 1) line.sizeOptions = [...p.sizes];
  if (p.colors && p.colors.length > 1) {
    line.colorOptions = [...p.colors];
    if (p.imagesByColor) line.colorImages = Object.fromEntries(p.colors.map((c) => [c, imageOf(p, c)]));
  }
  return line;
}
