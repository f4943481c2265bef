import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { CartLine } from '../../machines/cart.model';
import { cartStockMachine, shortLines } from '../../machines/cart-stock.machine';
import { linesShortOf } from '../../machines/shortage.model';
import type { StockEntry } from '../../shared/stock';
import { kurtaLine, teeLine } from './support/fixtures';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed } from './support/suite';

describeModel(modelNamed('cart-stock'), () => [], {
  shows: (step) => {
    // The stock shown is the answer, and nothing before it or after a failed read.
    const stock = answered(step, 'fetchStock')
      ? answerOf(step, 'fetchStock')
      : failed(step, 'fetchStock')
        ? null
        : before(step, (c) => c.stock, null);
    expect(step.to.context.stock).toEqual(stock);
    // An empty cart asks nothing; a cart with lines asks once.
    const asked =
      step.event.type === 'stock.lines' &&
      (step.event as unknown as { products: string[] }).products.length > 0;
    expect(step.to.matches('checking')).toBe(asked);
  },
  sends: {
    // On its own (as the model runs it) the machine has no app, so it follows no cart.
    followCart: () => ({ app: null }),
    // One GET /stock for every product of the cart.
    fetchStock: (step) => ({ products: (step.event as unknown as { products: string[] }).products }),
  },
});

describe('cart stock (machines/cart-stock.machine.ts shortLines)', () => {
  const stock: StockEntry[] = [
    { productId: kurtaLine.id, size: 'M', color: 'Indigo', left: 1 },
    { productId: kurtaLine.id, size: 'L', color: 'Indigo', left: 0 },
  ];
  it('finds the lines asking for more than is left, and not the uncounted ones', () => {
    const lines: CartLine[] = [
      { ...kurtaLine, quantity: 3 },
      { ...kurtaLine, selectedSize: 'L', quantity: 1 },
      { ...teeLine, quantity: 9 },
    ];
    expect(shortLines(lines, stock)).toEqual([
      { id: kurtaLine.id, selectedSize: 'M', selectedColor: 'Indigo', left: 1 },
      { id: kurtaLine.id, selectedSize: 'L', selectedColor: 'Indigo', left: 0 },
    ]);
    expect(shortLines([{ ...kurtaLine, quantity: 1 }], stock)).toEqual([]);
    expect(shortLines(lines, null)).toEqual([]);
  });

  it('asks for the products of the app cart once it has read its lines', async () => {
    const asked: string[][] = [];
    const machine = cartStockMachine.provide({
      actors: {
        fetchStock: fromPromise(async ({ input }: { input: { products: string[] } }) => {
          asked.push(input.products);
          return stock;
        }),
      },
    });
    // A stand-in app whose system holds a cart that has read two lines of the kurta and a tee.
    const cart = createActor(
      createMachine({
        context: { items: [kurtaLine, { ...kurtaLine, selectedSize: 'L' }, teeLine] },
      }),
    ).start();
    const app = { system: { get: (id: string) => (id === 'cart' ? cart : undefined) } };
    const actor = createActor(machine, { input: { app: app as never } }).start();
    await waitFor(actor, (s) => s.matches('read'));
    expect(asked).toEqual([[kurtaLine.id, teeLine.id]]);
    expect(actor.getSnapshot().context.stock).toEqual(stock);
  });
});

describe('checkout shortages (machines/shortage.model.ts linesShortOf)', () => {
  it("names the cart's lines a 409 is about, matching a line without a size to the size the server took", () => {
    const lines: CartLine[] = [kurtaLine, { ...kurtaLine, selectedSize: 'L' }, teeLine];
    const shortages = [
      { productId: 'P-KURTA', size: 'l', color: 'indigo', left: 0 },
      { productId: teeLine.id, size: 'M', color: 'White', left: 1 },
      { productId: 'p-gone', size: null, color: null, left: 0 },
    ];
    expect(linesShortOf(lines, shortages)).toEqual([
      { id: kurtaLine.id, selectedSize: 'L', selectedColor: 'Indigo', left: 0 },
      { id: teeLine.id, left: 1 },
    ]);
  });
});
