import { fromPromise } from 'xstate';
import {
  PARENT_CATEGORY_LOOKUP_LIMIT,
  parentCategoryOptions,
  toDisplayProduct,
} from '../../../machines/catalogue.model';
import { type FetchProductsInput, productsListMachine } from '../../../machines/products-list.machine';
import { type LiveDeps, logErrorAs } from './live-deps';
import { call } from './request';

const productQuery = (input: FetchProductsInput) => ({
  page: input.page,
  limit: input.limit,
  ...(input.category ? { category: input.category } : {}),
  ...(input.parentCategory ? { parentCategory: input.parentCategory } : {}),
  ...(input.featured ? { filter: 'featured' as const } : {}),
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
        return { products, total: body.pagination?.total ?? body.count ?? products.length };
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
