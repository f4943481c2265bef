/**
 * The document titles of the catalogue's pages: the server writes them into the HTML it sends for a
 * URL (server/web/page-head.ts) and the SPA sets the same text once it has taken over (src/features), so the
 * tab does not change when JavaScript starts or when the shopper navigates back to a page.
 */

/** What a list page's title names, as the URL's query reads (machines/catalogue.model.ts parseProductsQuery). */
export type ListTitleQuery = {
  q?: string | undefined;
  category?: string | undefined;
  parentCategory?: string | undefined;
  featured?: boolean | undefined;
  page: number;
};

/** The store as a title names it: its display name and its own spelling of the categories. */
export type TitleSite = { name: string; categories?: readonly string[] | undefined };

/** Search text longer than this is cut (the server searches at most this much). */
export const SEARCH_TEXT_LIMIT = 200;

/** `kurta` → `Kurta`, `t shirts` → `T Shirts`: how a category typed in a URL reads in a title. */
const titleCase = (value: string) =>
  value.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());

/** The store's own spelling of a category typed in any case, else the typed name in title case. */
function categoryName(typed: string, site: TitleSite): string {
  const lower = typed.trim().toLowerCase();
  return site.categories?.find((c) => c.toLowerCase() === lower) ?? titleCase(typed.trim());
}

/** What a list page shows: the search, else the type, category or featured list, else all products. */
export function listPageLabel(query: Omit<ListTitleQuery, 'page'>, site: TitleSite): string {
  const q = (query.q ?? '').trim().slice(0, SEARCH_TEXT_LIMIT);
  const parentCategory = query.parentCategory?.trim() ?? '';
  const category = query.category?.trim() ?? '';
  return q
    ? `Search results for “${q}”`
    : parentCategory
      ? titleCase(parentCategory)
      : category
        ? categoryName(category, site)
        : query.featured
          ? 'Featured products'
          : 'All products';
}

/**
 * `/products?…`: what the list shows, the page past the first, then the store:
 * `Search results for “silk saree” – Page 2 | Rangrez`.
 */
export function listPageTitle(query: ListTitleQuery, site: TitleSite): string {
  const page = query.page > 1 ? ` – Page ${query.page}` : '';
  return `${listPageLabel(query, site)}${page} | ${site.name}`;
}

/** `/product/{id}`: `Indigo Block-Print Kurta | Rangrez`. */
export const productPageTitle = (productName: string, siteName: string): string =>
  `${productName} | ${siteName}`;
