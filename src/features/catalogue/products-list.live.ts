import { fromPromise } from 'xstate';
import type { components } from '../../../contract/schema';
import {
  PARENT_CATEGORY_LOOKUP_LIMIT,
  type ProductsQuery,
  parentCategoryOptions,
  parseProductsQuery,
  sameProductsQuery,
  toDisplayProduct,
} from '../../../machines/catalogue.model';
import {
  type FetchProductsInput,
  type ProductsPage,
  productsListMachine,
} from '../../../machines/products-list.machine';
import type { FirstAnswer } from '../../../shared/first-screen';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** The list's query as `GET /products` parameters (absent filters are left out). */
const productQuery = (input: FetchProductsInput) => ({
  page: input.page,
  limit: input.limit,
  facets: input.facets,
  ...(input.category ? { category: input.category } : {}),
  ...(input.parentCategory ? { parentCategory: input.parentCategory } : {}),
  ...(input.featured ? { filter: 'featured' as const } : {}),
  ...(input.q ? { q: input.q } : {}),
  ...(input.sort ? { sort: input.sort } : {}),
  ...(input.sizes?.length ? { size: input.sizes.join(',') } : {}),
  ...(input.colors?.length ? { color: input.colors.join(',') } : {}),
  ...(input.minPrice !== undefined ? { minPrice: input.minPrice } : {}),
  ...(input.maxPrice !== undefined ? { maxPrice: input.maxPrice } : {}),
  ...(input.onSale ? { onSale: true } : {}),
});

type ProductList = components['schemas']['ProductPage'];

/** A GET /products answer as the list shows it. */
function toProductsPage(body: ProductList): ProductsPage {
  const products = (body.data ?? []).map(toDisplayProduct);
  const total = body.pagination?.total ?? body.count ?? products.length;
  return body.facets ? { products, total, facets: body.facets } : { products, total };
}

/** The answer the server rendered this /products page with, when `query` is that page's query. */
export function firstProductsPage(query: ProductsQuery, first: FirstAnswer | null): ProductsPage | null {
  if (first?.route !== 'products' || !sameProductsQuery(parseProductsQuery(first.search), query)) return null;
  return toProductsPage(first.answer as ProductList);
}

export function provideProductsListMachine(deps: LiveDeps) {
  const { client } = deps;
  return productsListMachine.provide({
    actors: {
      fetchProducts: fromPromise(async ({ input }: { input: FetchProductsInput }) => {
        const body = await call(
          client.GET('/products', { params: { query: productQuery(input) } }),
          'Failed to load products. Please try again.',
        );
        return toProductsPage(body);
      }),
      fetchParentCategories: fromPromise(async ({ input }: { input: { category?: string } }) => {
        const query = {
          limit: PARENT_CATEGORY_LOOKUP_LIMIT,
          ...(input.category ? { category: input.category } : {}),
        };
        const body = await call(client.GET('/products', { params: { query } }), 'Failed to load categories');
        return parentCategoryOptions((body.data ?? []).map(toDisplayProduct));
      }),
    },
    actions: { logError: logErrorAs(deps, 'Products list') },
  });
}
