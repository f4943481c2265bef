import { expect } from 'vitest';
import type { DisplayProduct } from '../../machines/catalogue.model';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import {
  answered,
  answerOf,
  before,
  describeModel,
  failed,
  firstAnswerOf,
  type StepView,
} from './support/suite';

type Choice = { selectedSize: string | null; selectedColor: string | null; quantity: number };

/** What the size, colour and quantity pickers show after the step. */
function choiceAfter(step: StepView): Choice {
  const prev: Choice = {
    selectedSize: before(step, (c) => c.selectedSize as string | null, null),
    selectedColor: before(step, (c) => c.selectedColor as string | null, null),
    quantity: before(step, (c) => c.quantity as number, 1),
  };
  const e = step.event as { type: string; size?: string; color?: string; quantity?: number };
  // The fetched product, or the one the page arrived with (the server rendered it).
  const product =
    answerOf<DisplayProduct | null>(step, 'fetchProduct') ?? firstAnswerOf<DisplayProduct>(step);
  // A product sold in 'One Size' only has it chosen already.
  if (product) return { ...prev, selectedSize: product.sizes?.join() === 'One Size' ? 'One Size' : null };
  // What is left of a pick, by the stock read (the fixture spelled out: the kurta's M is sold out in
  // Indigo and in every colour, 3 S are left); null before it was read, or after it failed.
  const read = before(step, (c) => c.stock as unknown[] | null, null);
  const stocked = read !== null && read.length > 0;
  const kurtaLeft = (size: string | null) => (size === 'M' ? 0 : size === 'S' ? 3 : 3);
  const cap = (quantity: number, size: string | null) =>
    stocked && kurtaLeft(size) > 0 ? Math.min(quantity, kurtaLeft(size)) : quantity;
  // The stock arrives: the quantity stops at what is left.
  if (answered(step, 'fetchStock') && isKurta(step))
    return { ...prev, quantity: cap(prev.quantity, prev.selectedSize) };
  // A pick stops the quantity at what is left of it (M is sold out: nothing to stop at).
  if (e.type === 'product.selectSize')
    return {
      ...prev,
      selectedSize: e.size ?? null,
      quantity: isKurta(step) ? cap(prev.quantity, e.size ?? null) : prev.quantity,
    };
  if (e.type === 'product.selectColor')
    return {
      ...prev,
      selectedColor: e.color ?? null,
      quantity: isKurta(step) ? cap(prev.quantity, prev.selectedSize) : prev.quantity,
    };
  if (e.type === 'product.setQuantity' && (e.quantity ?? 0) >= 1)
    return { ...prev, quantity: isKurta(step) ? cap(e.quantity ?? 1, prev.selectedSize) : (e.quantity ?? 1) };
  return prev;
}

const isKurta = (step: StepView) =>
  (before(step, (c) => c.product, null) as DisplayProduct | null)?.id === 'p-kurta';

describeModel(
  modelNamed('product'),
  ({ from, event }) => {
    if (event.type !== 'product.addToCart' || !from) return [];
    const c = from.context as {
      product: DisplayProduct;
      selectedSize: string | null;
      selectedColor: string | null;
      quantity: number;
    };
    if ((c.product.sizes?.length ?? 0) > 0 && !c.selectedSize)
      return [toast('Please select a size', 'You must select a size before adding to cart', 'error')];
    // Nothing left of the pick (the kurta's M, the scarf's One Size, once the stock was read).
    const stock = (from.context as { stock: unknown[] | null }).stock;
    if (stock && stock.length > 0 && (c.product.id === 'p-scarf' || c.selectedSize === 'M')) return [];
    // The line itself goes to the app (tests/machines/app-system.test.ts); the page moves on to the cart,
    // Quick View keeps the shopper on the list.
    return (from.context as { inDialog: boolean }).inDialog ? [] : [{ type: 'navigate', to: '/cart' }];
  },
  {
    shows: (step) => {
      const { to } = step;
      const answer = answerOf<DisplayProduct | null>(step, 'fetchProduct');
      // A page the server rendered starts with its product, loaded, and asks for nothing.
      const first = firstAnswerOf<DisplayProduct>(step);
      expect(to.context.product).toEqual(
        answered(step, 'fetchProduct') ? answer : (first ?? before(step, (c) => c.product, null)),
      );
      // 'Product not found' when there is none, 'Failed to load product details' when the load failed.
      const error = failed(step, 'fetchProduct')
        ? 'Failed to load product details'
        : answered(step, 'fetchProduct') && answer === null
          ? 'Product not found'
          : before(step, (c) => c.error, null);
      expect(to.context.error).toBe(error);
      expect(to.context).toMatchObject(choiceAfter(step));
      // A failed read marks nothing, as for a product whose stock is not counted.
      if (answered(step, 'fetchStock')) expect(to.context.stock).toEqual(answerOf(step, 'fetchStock'));
      if (failed(step, 'fetchStock')) expect(to.context.stock).toEqual([]);
      expect(to.hasTag('loading')).toBe(step.event.type === 'xstate.init' && first === null);
    },
    sends: {
      fetchProduct: () => ({ id: 'p-kurta' }),
      // Asked once the product shows, for that product alone.
      fetchStock: (step) => ({ products: [(step.to.context.product as DisplayProduct).id] }),
    },
  },
);
