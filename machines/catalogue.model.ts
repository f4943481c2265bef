/** Products as the screens show them (spec §3 "Derived for display", §2 Products list, §5 size label). */
import type { components } from '../src/api/schema';
import type { CartLine } from './cart.model';

export type ApiProduct = components['schemas']['Product'];
export type ProductAttribute = components['schemas']['ProductAttribute'];

export type DisplayProduct = {
  id: string;
  name: string;
  price: number;
  originalPrice?: number;
  description: string;
  image: string;
  category: string;
  parentCategory: string;
  featured: boolean;
  sizes?: string[];
  colors?: string[];
  attributes: ProductAttribute[];
};

export const PAGE_SIZE = 12;
export const FEATURED_LIMIT = 4;
export const PARENT_CATEGORY_LOOKUP_LIMIT = 100;
export const ONE_SIZE = 'One Size';

const valuesOf = (attributes: readonly ProductAttribute[], keys: readonly string[]): string[] | undefined => {
  const found = attributes.find((a) => keys.includes(a.key.trim().toLowerCase()));
  return found && found.values.length > 0 ? [...found.values] : undefined;
};

export function toDisplayProduct(p: ApiProduct): DisplayProduct {
  const hasDiscount = typeof p.discountedPrice === 'number';
  const attributes = p.attributes ?? [];
  const out: DisplayProduct = {
    id: String(p.id),
    name: p.title,
    price: hasDiscount
      ? (p.discountedPrice as number)
      : typeof p.regularPrice === 'number'
        ? p.regularPrice
        : 0,
    description: p.description ?? '',
    image: p.imgUrl || p.images?.[0]?.url || '',
    category: p.category ?? '',
    parentCategory: p.parentCategory ?? '',
    featured: attributes.some(
      (a) =>
        a.key.trim().toLowerCase() === 'featured' && a.values.some((v) => v.toLowerCase().includes('true')),
    ),
    attributes,
  };
  if (hasDiscount && typeof p.regularPrice === 'number') out.originalPrice = p.regularPrice;
  const sizes = valuesOf(attributes, ['size', 'sizes']);
  if (sizes) out.sizes = sizes;
  const colors = valuesOf(attributes, ['color', 'colours', 'colors']);
  if (colors) out.colors = colors;
  return out;
}

/** A sale badge shows only when originalPrice is set and the price is below it. */
export function isOnSale(p: Pick<DisplayProduct, 'price' | 'originalPrice'>): boolean {
  return p.originalPrice !== undefined && p.price < p.originalPrice;
}

/** Parent-category filter options, read from a limit-100 fetch of the category: unique, sorted. */
export function parentCategoryOptions(products: readonly Pick<DisplayProduct, 'parentCategory'>[]): string[] {
  const set = new Set(products.map((p) => p.parentCategory.trim()).filter((c) => c !== ''));
  return [...set].sort((a, b) => a.localeCompare(b));
}

export type ProductsQuery = {
  category?: string;
  parentCategory?: string;
  page: number;
  featured?: boolean;
};

const capitalise = (s: string) => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

/** Every word capitalised, as the navigation names categories ('t shirts' → 'T Shirts'). */
const titleCase = (s: string) => s.split(/(\s+)/).map(capitalise).join('');

/**
 * The list's title (spec §2 Products list): one display name per category, the same as the
 * navigation's, and 'Featured' for the featured list.
 */
export function productsTitle(
  query: Pick<ProductsQuery, 'category' | 'parentCategory' | 'featured'>,
): string {
  if (query.parentCategory) return query.parentCategory;
  const category = query.category?.trim() ?? '';
  if (category.toLowerCase() === 'men') return "Men's Ethnic Wear";
  if (category.toLowerCase() === 'women') return "Women's Ethnic Wear";
  if (category !== '') return titleCase(category);
  if (query.featured) return 'Featured';
  return 'All Products';
}

/** `/products?…` for a query; page 1 and empty filters are left out. */
export function productsPath(query: ProductsQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.parentCategory) params.set('parentCategory', query.parentCategory);
  if (query.featured) params.set('featured', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/products?${search}` : '/products';
}

/** Parse the list's URL search params (page defaults to 1; junk pages become 1). */
export function parseProductsQuery(search: URLSearchParams | string): ProductsQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const query: ProductsQuery = { page: Number.isInteger(page) && page >= 1 ? page : 1 };
  const category = params.get('category')?.trim();
  if (category) query.category = category;
  const parentCategory = params.get('parentCategory')?.trim();
  if (parentCategory) query.parentCategory = parentCategory;
  if (params.get('featured') === 'true') query.featured = true;
  return query;
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

/** Specification rows: attributes whose key mentions 'phone' are hidden; at most 10 shown. */
export function specifications(p: Pick<DisplayProduct, 'attributes'>): ProductAttribute[] {
  return p.attributes.filter((a) => !a.key.toLowerCase().includes('phone')).slice(0, 10);
}

/** Add to Cart from a card: quantity 1, a lone size or colour preselected. */
export function cardCartLine(p: DisplayProduct): CartLine {
  const line: CartLine = { id: p.id, name: p.name, image: p.image, price: p.price, quantity: 1 };
  if (p.sizes?.length === 1) line.selectedSize = p.sizes[0]!;
  if (p.colors?.length === 1) line.selectedColor = p.colors[0]!;
  // Several to choose from: the cart line asks for them in place.
  if (p.sizes && p.sizes.length > 1) line.sizeOptions = [...p.sizes];
  if (p.colors && p.colors.length > 1) line.colorOptions = [...p.colors];
  return line;
}
