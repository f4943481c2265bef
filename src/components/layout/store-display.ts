import type { StoreInfo } from '../../../machines/store-info.machine';

/** Brand shown when the store has neither a store name nor a company name (spec §2 Navigation). */
const DEFAULT_BRAND = 'Statefront';
/** Navigation categories when the store lists none (spec §3/§9: men, women, accessories for headings). */
const DEFAULT_NAV_CATEGORIES = ['men', 'women', 'accessories'] as const;
/** Home showcase categories when the store lists none (spec §2 Home, §9). */
const DEFAULT_HOME_CATEGORIES = ['T Shirts', 'Tops'] as const;

const filled = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

export function storeDisplayName(store: Partial<StoreInfo> | null | undefined): string {
  return filled(store?.storeName) ?? filled(store?.companyName) ?? DEFAULT_BRAND;
}

export function navCategories(store: Partial<StoreInfo> | null | undefined): string[] {
  const categories = (store?.categories ?? []).filter((c) => c.trim() !== '');
  return (categories.length > 0 ? categories : [...DEFAULT_NAV_CATEGORIES]).slice(0, 3);
}

/** Every category the store lists (the "All categories" menu), or the default list. */
export function allCategories(store: Partial<StoreInfo> | null | undefined): string[] {
  const categories = (store?.categories ?? []).filter((c) => c.trim() !== '');
  return categories.length > 0 ? [...new Set(categories)] : [...DEFAULT_NAV_CATEGORIES];
}

export function homeCategories(store: Partial<StoreInfo> | null | undefined): string[] {
  const categories = (store?.categories ?? []).filter((c) => c.trim() !== '');
  return (categories.length > 0 ? categories : [...DEFAULT_HOME_CATEGORIES]).slice(0, 3);
}

/** `/products?category=…` with the lowercased, URL-encoded category name. */
export function categoryPath(category: string): string {
  return `/products?category=${encodeURIComponent(category.toLowerCase())}`;
}
