import { fromPromise } from 'xstate';
import {
  PARENT_CATEGORY_LOOKUP_LIMIT,
  parentCategoryOptions,
  toDisplayProduct,
} from '../../../machines/catalogue.model';
import { type FetchProductsInput, productsListMachine } from '../../../machines/products-list.machine';
import { type LiveDeps, logErrorAs } from './live-deps';
import { call } from './request';

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

export function provideProductsListMachine(deps: LiveDeps) {
  const { client } = deps;
  return productsListMachine.provide({
    actors: {
      fetchProducts: fromPromise(async ({ input }: { input: FetchProductsInput }) => {
        const body = await call(
          client.GET('/products', { params: { query: productQuery(input) } }),
          'Failed to load products. Please try again.',
        );
        const products = (body.data ?? []).map(toDisplayProduct);
        const total = body.pagination?.total ?? body.count ?? products.length;
        return body.facets ? { products, total, facets: body.facets } : { products, total };
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
