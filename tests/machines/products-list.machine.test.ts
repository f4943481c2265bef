import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { productsListMachine } from '../../machines/products-list.machine';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

const pathOf = (query: { category?: string; parentCategory?: string; page: number }) =>
  `/products?${[
    query.category && `category=${encodeURIComponent(query.category)}`,
    query.parentCategory && `parentCategory=${encodeURIComponent(query.parentCategory)}`,
    query.page > 1 && `page=${query.page}`,
  ]
    .filter(Boolean)
    .join('&')}`;

describeModel(modelNamed('products-list'), ({ from, event, to }) => {
  const queryChanged = JSON.stringify(from?.context.query) !== JSON.stringify(to.context.query);
  // No type filter or later page to clear: the category itself is empty, so show all products.
  if (!queryChanged && event.type === 'products.clearFilters') return [{ type: 'navigate', to: '/products' }];
  if (!queryChanged) return [];
  const url = { type: 'navigate', to: pathOf(to.context.query) };
  if (event.type === 'products.page') return [url, { type: 'scrollToTop', behavior: 'smooth' }];
  if (event.type === 'products.filter' || event.type === 'products.clearFilters') return [url];
  // An empty page past the last one goes to the last page, replacing the URL (issue 14).
  if (event.type === 'xstate.done.actor.fetchProducts') return [{ ...url, replace: true }];
  return [];
});

describe('productsListMachine', () => {
  it('resets the page to 1 when the parent category changes', () => {
    const actor = createActor(productsListMachine, { input: { category: 'men', page: 3 } }).start();
    actor.send({ type: 'products.filter', parentCategory: 'Kurta' });
    expect(actor.getSnapshot().context.query).toEqual({ category: 'men', parentCategory: 'Kurta', page: 1 });
    actor.stop();
  });

  it('moves an empty page past the last one to the last page (10 products, page 2 → 1)', async () => {
    const pages: number[] = [];
    const actor = createActor(
      productsListMachine.provide({
        actors: {
          fetchProducts: fromPromise(async ({ input }) => {
            pages.push(input.page);
            return input.page === 1
              ? { products: [{ id: 'p' } as never], total: 10 }
              : { products: [], total: 10 };
          }),
          fetchParentCategories: fromPromise<string[], { category?: string }>(async () => []),
        },
      }),
      { input: { category: 'accessories', page: 2 } },
    );
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(pages).toEqual([2, 1]);
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'navigate', to: '/products?category=accessories', replace: true });
    actor.stop();
  });

  it('ignores a URL sync when the query is the one it already holds', () => {
    const actor = createActor(productsListMachine, { input: { category: 'men', page: 2 } }).start();
    const before = actor.getSnapshot();
    actor.send({ type: 'products.sync', category: 'men', page: 2 });
    expect(actor.getSnapshot().context).toBe(before.context);
    actor.stop();
  });
});
