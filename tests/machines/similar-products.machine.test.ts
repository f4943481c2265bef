import { expect } from 'vitest';
import type { DisplayProduct } from '../../machines/catalogue.model';
import { SIMILAR_LIMIT } from '../../machines/similar-products.machine';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel } from './support/suite';

const ids = (products: readonly DisplayProduct[]) => products.map((p) => p.id);

// A failure is only logged: nothing is emitted, whatever happens.
describeModel(modelNamed('similar-products'), () => [], {
  shows: (step) => {
    const { id, products } = step.to.context as { id: string; products: DisplayProduct[] };
    // Never the page's own product, never one twice, never more than a row.
    expect(ids(products)).not.toContain(id);
    expect(new Set(ids(products)).size).toBe(products.length);
    expect(products.length).toBeLessThanOrEqual(SIMILAR_LIMIT);
    // What was there stays, first; an answer adds its new ones after.
    const had = before(step, (c) => c.products as DisplayProduct[], []);
    expect(ids(products).slice(0, had.length)).toEqual(ids(had));
    if (answered(step, 'fetchSimilarProducts')) {
      const fresh = (answerOf<DisplayProduct[]>(step, 'fetchSimilarProducts') ?? []).filter(
        (p) => p.id !== id && !ids(had).includes(p.id),
      );
      expect(ids(products)).toEqual([...ids(had), ...ids(fresh)].slice(0, SIMILAR_LIMIT));
    }
    // Placeholders only while a call is out; a full row from its type asks nothing more.
    expect(step.to.hasTag('loading')).toBe(step.to.matches('byType') || step.to.matches('byCategory'));
    if (step.to.matches('byCategory') && step.from?.matches('byType')) {
      expect(products.length).toBeLessThan(SIMILAR_LIMIT);
    }
  },
  sends: {
    // By type, one more than a row; by category, room for the product and those already shown too.
    fetchSimilarProducts: (step) => {
      const context = step.to.context as {
        category: string;
        parentCategory: string;
        products: DisplayProduct[];
      };
      return step.to.matches('byType')
        ? { parentCategory: context.parentCategory, limit: SIMILAR_LIMIT + 1 }
        : { category: context.category, limit: SIMILAR_LIMIT + 1 + context.products.length };
    },
  },
});
