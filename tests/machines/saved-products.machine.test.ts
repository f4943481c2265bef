import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import type { DisplayProduct } from '../../machines/catalogue.model';
import {
  type SavedProductsContext,
  savedProductsMachine,
  savedProductsOf,
} from '../../machines/saved-products.machine';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, type StepView } from './support/suite';

type Ctx = SavedProductsContext;

/** The products known after the step: every answer adds its ids (null for ids with no product). */
function productsAfter(step: StepView): Ctx['products'] {
  const prev = before(step, (c) => c.products as Ctx['products'], {});
  const answer = answerOf<Ctx['products']>(step, 'fetchProducts');
  return answered(step, 'fetchProducts') ? { ...prev, ...answer } : prev;
}

describeModel(modelNamed('saved-products'), () => [], {
  shows: (step) => {
    const ctx = step.to.context as Ctx;
    const wanted =
      step.event.type === 'saved.show' ? (step.event as unknown as { ids: string[] }).ids : undefined;
    if (wanted) expect(ctx.wanted).toEqual(wanted);
    expect(ctx.products).toEqual(productsAfter(step));
    // The grid shows the wanted products that exist, in the wishlist's order; gone ones are dropped.
    expect(savedProductsOf(ctx)).toEqual(ctx.wanted.flatMap((id) => ctx.products[id] ?? []));
    expect(savedProductsOf(ctx).some((p) => p === null)).toBe(false);
    // A wanted id not known yet is being loaded (or its load failed); once ready, every one is known.
    const missing = ctx.wanted.some((id) => !(id in ctx.products));
    if (missing) expect(step.to.hasTag('loading') || step.to.hasTag('error')).toBe(true);
    if (step.to.matches('ready')) expect(missing).toBe(false);
  },
  sends: {
    // On its own (as the model runs it) the machine has no app, so it follows no wishlist.
    followWishlist: () => ({ app: null }),
    // Only the ids not loaded yet are asked for.
    fetchProducts: (step) => ({
      ids: (step.to.context as Ctx).wanted.filter((id) => !(id in (step.to.context as Ctx).products)),
    }),
  },
});

describe('following the wishlist', () => {
  const kurta = { id: 'p-kurta' } as DisplayProduct;
  const tee = { id: 'p-tee' } as DisplayProduct;
  /** An app with a wishlist child under the system id 'wishlist', as app.machine.ts has. */
  const wishlistLike = setup({
    types: { context: {} as { ids: string[] }, events: {} as { type: 'set'; ids: string[] } },
  }).createMachine({
    context: { ids: [kurta.id] },
    on: { set: { actions: assign({ ids: ({ event }) => event.ids }) } },
  });
  const appLike = setup({ actors: { wishlist: wishlistLike } }).createMachine({
    invoke: { id: 'wishlist', systemId: 'wishlist', src: 'wishlist' },
  });
  const catalogue: Record<string, DisplayProduct> = { [kurta.id]: kurta, [tee.id]: tee };
  const fetched: string[][] = [];
  const page = savedProductsMachine.provide({
    actors: {
      fetchProducts: fromPromise(async ({ input }: { input: { ids: string[] } }) => {
        fetched.push(input.ids);
        return Object.fromEntries(input.ids.map((id) => [id, catalogue[id] ?? null]));
      }),
    },
  });

  it("shows the app's wishlist and follows it through the actor system (no ids relayed by a view)", async () => {
    const app = createActor(appLike).start();
    const saved = createActor(page, { input: { app } }).start();
    await waitFor(saved, (s) => s.matches('ready'));
    expect(savedProductsOf(saved.getSnapshot().context)).toEqual([kurta]);

    app.system.get('wishlist')?.send({ type: 'set', ids: [tee.id, kurta.id] });
    await waitFor(saved, (s) => s.matches('ready') && s.context.wanted.length === 2);
    expect(savedProductsOf(saved.getSnapshot().context)).toEqual([tee, kurta]);
    // The kurta was loaded once; only the tee was asked for when it was saved.
    expect(fetched).toEqual([[kurta.id], [tee.id]]);

    saved.stop();
    app.system.get('wishlist')?.send({ type: 'set', ids: [] });
    expect(saved.getSnapshot().context.wanted).toEqual([tee.id, kurta.id]);
  });

  it('follows nothing without an app (the machine on its own shows the ids it was given)', async () => {
    const saved = createActor(page, { input: { ids: [kurta.id] } }).start();
    await waitFor(saved, (s) => s.matches('ready'));
    expect(savedProductsOf(saved.getSnapshot().context)).toEqual([kurta]);
  });
});
