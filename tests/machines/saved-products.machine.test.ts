import { expect } from 'vitest';
import type { DisplayProduct } from '../../machines/catalogue.model';
import { savedProductsOf } from '../../machines/saved-products.machine';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, type StepView } from './support/suite';

type Ctx = { wanted: string[]; products: Record<string, DisplayProduct | null> };

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
    // Only the ids not loaded yet are asked for.
    fetchProducts: (step) => ({
      ids: (step.to.context as Ctx).wanted.filter((id) => !(id in (step.to.context as Ctx).products)),
    }),
  },
});
