// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, waitFor } from 'xstate';
import { parseProductsQuery } from '../../machines/catalogue.model';
import { PRELOAD_ROUTES } from '../../scripts/route-preload';
import { createApiClient } from '../../src/api/client';
import { createLiveMachines, type LiveMachines } from '../../src/app/actors/live-machines';

const product = {
  id: 'p1',
  title: 'Indigo Kurta',
  description: 'Cotton.',
  imgUrl: '/k.svg',
  category: 'men',
  parentCategory: 'Kurta',
  regularPrice: 1899,
  discountedPrice: 1499,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  attributes: [],
};

/** The GET requests (path and query, as the browser would send them) a screen's machine makes first. */
async function firstReads(pick: (machines: LiveMachines) => AnyActorLogic, input?: unknown) {
  const urls: string[] = [];
  const fakeFetch = (async (request: Request) => {
    const url = new URL(request.url);
    if (request.method === 'GET') urls.push(url.pathname + url.search);
    return url.pathname.endsWith('/products')
      ? Response.json({
          data: [product],
          count: 1,
          pagination: { page: 1, limit: 12, total: 1, totalPages: 1 },
        })
      : Response.json(product);
  }) as unknown as typeof fetch;
  const machines = createLiveMachines({
    client: createApiClient('http://api.test/api/v1', fakeFetch),
    storage: () => ({ getItem: () => null, setItem: () => {} }),
    token: { read: () => null, write: () => {}, remove: () => {} },
    logError: () => {},
  });
  const actor = createActor(pick(machines), { input } as never);
  actor.start();
  await waitFor(actor, (s: { children: Record<string, unknown> }) => Object.keys(s.children).length === 0, {
    timeout: 2000,
  });
  actor.stop();
  return urls.sort();
}

const preloads = (module: string) =>
  [...(PRELOAD_ROUTES.find((route) => route.module === module)?.api ?? [])].sort();

describe('the boot script preloads exactly the reads each entry screen makes first', () => {
  it('preloads the products list answer the /products machine asks for (facets included)', async () => {
    const reads = await firstReads((m) => m.productsList, parseProductsQuery(''));
    expect(preloads('src/routes/products.page.tsx')).toEqual(reads);
  });

  it('preloads the featured products the home page asks for', async () => {
    const reads = await firstReads((m) => m.featuredProducts);
    expect(preloads('src/routes/home.page.tsx')).toEqual(reads);
  });

  it('preloads the product the product page asks for', async () => {
    const reads = await firstReads((m) => m.product, { id: 'p1' });
    expect(preloads('src/routes/product.page.tsx').map((url) => url.replace('$1', 'p1'))).toEqual(reads);
  });
});
