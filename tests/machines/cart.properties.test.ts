import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine';
import {
  CART_STORAGE_KEY,
  type CartLine,
  cartCount,
  cartTotal,
  choiceFieldId,
  chooseVariant,
  lineNeedsChoice,
  linesOfProduct,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  serializeCart,
} from '../../machines/cart.model';
import { teeToChoose, toast } from './support/fixtures';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

// Few ids, sizes and colours so commands often hit the same line.
const id = fc.constantFrom('p1', 'p2', 'p3');
const size = fc.option(fc.constantFrom('S', 'M'), { nil: undefined });
const color = fc.option(fc.constantFrom('Red', 'Blue'), { nil: undefined });
const price = fc.integer({ min: 0, max: 500_000 }).map((paise) => paise / 100);
// Now and then a typed 999: a line keeps at most 10.
const quantity = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: -2, max: 5 }) },
  { weight: 1, arbitrary: fc.constant(999) },
);
const LIMIT = 10;

const command = fc.oneof(
  fc.record({
    type: fc.constant('cart.add' as const),
    id,
    name: fc.constant('Kurta'),
    image: fc.constant('/k.svg'),
    price,
    quantity,
    selectedSize: size,
    selectedColor: color,
  }),
  fc.record({ type: fc.constant('cart.remove' as const), id }),
  fc.record({
    type: fc.constant('cart.update' as const),
    id,
    selectedSize: size,
    selectedColor: color,
    quantity,
  }),
  fc.constant({ type: 'cart.clear' as const }),
  fc.constant({ type: 'cart.reset' as const }),
  fc.constant({ type: 'cart.undo' as const }),
);

/** A cart actor whose storage is a Map, as localStorage would be. */
async function startCart(storage: Map<string, string>) {
  const actor = createActor(
    cartMachine.provide({
      actors: { loadCart: fromPromise<unknown>(async () => storage.get(CART_STORAGE_KEY) ?? null) },
      actions: {
        persistCart: ({ context }) => {
          storage.set(CART_STORAGE_KEY, JSON.stringify(context.items));
        },
      },
    }),
  ).start();
  await flush();
  return actor;
}

const key = (l: Pick<CartLine, 'id' | 'selectedSize' | 'selectedColor'>) =>
  `${l.id}|${l.selectedSize ?? ''}|${l.selectedColor ?? ''}`;

describe('cart invariants (fast-check)', () => {
  it('keeps total, count, one line per (id, colour, size), quantities 1–10, exact Undo and a faithful copy in storage after any commands', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 25 }), async (commands) => {
        const storage = new Map<string, string>();
        const actor = await startCart(storage);
        // A reference model written straight from spec §4, to compare the machine with.
        // Undo (after Remove or Clear Cart, until the next change) puts the same lines back in place.
        let model: CartLine[] = [];
        let removed: { index: number; line: CartLine }[] | null = null;
        const take = (keep: (l: CartLine) => boolean) => {
          removed = model.flatMap((line, index) => (keep(line) ? [] : [{ index, line }]));
          model = model.filter(keep);
        };
        for (const c of commands) {
          actor.send(c);
          if (c.type === 'cart.add' && c.quantity >= 1) {
            const { type: _t, ...line } = c;
            const existing = model.find((l) => key(l) === key(line));
            if (existing) existing.quantity = Math.min(existing.quantity + c.quantity, LIMIT);
            else model.push(JSON.parse(JSON.stringify({ ...line, quantity: Math.min(c.quantity, LIMIT) })));
            removed = null;
          } else if (c.type === 'cart.remove') {
            if (model.some((l) => l.id === c.id)) take((l) => l.id !== c.id);
          } else if (c.type === 'cart.update' && c.quantity >= 1) {
            const existing = model.find((l) => key(l) === key(c));
            if (existing) existing.quantity = Math.min(c.quantity, LIMIT);
            removed = null;
          } else if (c.type === 'cart.clear') {
            if (model.length > 0) take(() => false);
            else removed = null;
          } else if (c.type === 'cart.reset') {
            model = [];
            removed = null;
          } else if (c.type === 'cart.undo' && removed) {
            // (`take` assigns it inside a closure, which TypeScript's narrowing does not follow.)
            const back = removed as { index: number; line: CartLine }[];
            for (const { index, line } of back) model.splice(index, 0, line);
            removed = null;
          }
        }
        const items = actor.getSnapshot().context.items;

        expect(items).toEqual(model);
        expect(cartTotal(items)).toBeCloseTo(
          model.reduce((sum, l) => sum + l.price * l.quantity, 0),
          6,
        );
        expect(cartCount(items)).toBe(model.reduce((sum, l) => sum + l.quantity, 0));
        expect(new Set(items.map(key)).size).toBe(items.length);
        for (const line of items) {
          expect(Number.isInteger(line.quantity)).toBe(true);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(LIMIT);
        }
        const stored = storage.get(CART_STORAGE_KEY);
        if (stored !== undefined) expect(JSON.parse(stored)).toEqual(items);

        // Persistence round-trip: a new cart started on the same storage restores the same lines.
        const reloaded = await startCart(storage);
        expect(reloaded.getSnapshot().context.items).toEqual(stored === undefined ? [] : items);
        actor.stop();
        reloaded.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('adds up quantities of the same line up to 10 and never changes anything for quantities below 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -3, max: 4 }), { maxLength: 10 }), async (quantities) => {
        const actor = await startCart(new Map());
        for (const q of quantities)
          actor.send({
            type: 'cart.add',
            id: 'p1',
            name: 'Tee',
            image: '',
            price: 10,
            quantity: q,
            selectedSize: 'M',
          });
        const expected = quantities.filter((q) => q >= 1).reduce((a, b) => Math.min(a + b, LIMIT), 0);
        expect(cartCount(actor.getSnapshot().context.items)).toBe(expected);
        expect(actor.getSnapshot().context.items.length).toBe(expected > 0 ? 1 : 0);
        actor.stop();
      }),
    );
  });

  it('restores an empty cart without throwing when the stored value is anything but valid lines', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (raw) => {
          const lines = parseStoredCart(raw);
          expect(Array.isArray(lines)).toBe(true);
          for (const line of lines) expect(line.quantity).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('parseStoredCart', () => {
  const line = { id: 'p1', name: 'Tee', image: '/t.svg', price: 499, quantity: 2, selectedSize: 'M' };

  it('returns the stored lines when the value is a valid array', () => {
    expect(parseStoredCart(JSON.stringify([line]))).toEqual([line]);
  });
  it('returns an empty cart when the JSON is corrupt', () => {
    expect(parseStoredCart('[{"id":')).toEqual([]);
  });
  it('returns an empty cart when a line was hand-edited to a negative quantity', () => {
    expect(parseStoredCart(JSON.stringify([line, { ...line, id: 'p2', quantity: -1 }]))).toEqual([]);
  });
  it('returns an empty cart when the value is not an array', () => {
    expect(parseStoredCart('{"items":[]}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
  it('merges hand-duplicated lines so one line per key remains', () => {
    expect(parseStoredCart(JSON.stringify([line, line]))).toEqual([{ ...line, quantity: 4 }]);
  });
});

describe('choosing a size and colour on a line a card added', () => {
  const tee = teeToChoose;
  it('needs a choice until both are chosen, and only offered values count', () => {
    expect(lineNeedsChoice(tee)).toBe(true);
    let lines = chooseVariant([tee], tee, { selectedSize: 'XXL' });
    expect(lines[0]?.selectedSize).toBeUndefined();
    lines = chooseVariant(lines, tee, { selectedSize: 'M' });
    expect(lineNeedsChoice(lines[0] as CartLine)).toBe(true);
    lines = chooseVariant(lines, { id: tee.id, selectedSize: 'M' }, { selectedColor: 'Black' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ selectedSize: 'M', selectedColor: 'Black', quantity: 1 });
    expect(lineNeedsChoice(lines[0] as CartLine)).toBe(false);
  });
  it('merges into an existing line of the same choice', () => {
    const chosen = { ...tee, selectedSize: 'M', selectedColor: 'Black', quantity: 2 };
    const lines = chooseVariant([chosen, tee], tee, { selectedSize: 'M', selectedColor: 'Black' });
    expect(lines).toEqual([{ ...chosen, quantity: 3 }]);
  });
  it('survives a round trip through storage with its options', () => {
    expect(parseStoredCart(serializeCart([tee]))).toEqual([tee]);
  });
  it("shows the chosen colour's picture, kept through storage; a corrupt picture list is dropped", () => {
    const pictured = { ...tee, colorImages: { Black: '/tee--black.svg', White: '/tee.svg' } };
    const [chosen] = chooseVariant([pictured], pictured, { selectedColor: 'Black' });
    expect(chosen?.image).toBe('/tee--black.svg');
    expect(parseStoredCart(serializeCart([pictured]))).toEqual([pictured]);
    expect(parseStoredCart(JSON.stringify([{ ...pictured, colorImages: { Black: 7 } }]))).toEqual([tee]);
  });
});

describe('Remove, Undo and Checkout on a cart with two lines of one kurti', () => {
  const kurti = { id: 'k1', name: 'Kurti', image: '/k.svg', price: 1299 };
  const lines = [
    { ...kurti, quantity: 1, selectedSize: 'M', selectedColor: 'Teal' },
    { id: 't1', name: 'Tee', image: '/t.svg', price: 499, quantity: 2, selectedSize: 'S' },
    { ...kurti, quantity: 2, selectedSize: 'L', selectedColor: 'Rani Pink' },
  ];
  async function cartWith(stored: unknown) {
    const storage = new Map([[CART_STORAGE_KEY, JSON.stringify(stored)]]);
    const actor = await startCart(storage);
    const emitted: unknown[] = [];
    actor.on('*', (event) => void emitted.push(event));
    return { actor, emitted, storage };
  }

  it('removes both lines, says so, and Undo brings back both at their places', async () => {
    const { actor, emitted, storage } = await cartWith(lines);
    expect(linesOfProduct(actor.getSnapshot().context.items, 'k1')).toBe(2);
    actor.send({ type: 'cart.remove', id: 'k1' });
    expect(actor.getSnapshot().context.items.map((l) => l.id)).toEqual(['t1']);
    expect(emitted).toEqual([
      {
        type: 'toast',
        title: 'Removed from cart',
        description: '2 lines of Kurti were removed.',
        action: { label: 'Undo', event: { type: 'cart.undo' } },
      },
    ]);
    actor.send({ type: 'cart.undo' });
    expect(actor.getSnapshot().context.items).toEqual(lines);
    expect(JSON.parse(storage.get(CART_STORAGE_KEY) ?? '[]')).toEqual(lines);
    // Undo is spent.
    actor.send({ type: 'cart.undo' });
    expect(actor.getSnapshot().context.items).toEqual(lines);
  });

  it('brings the whole cart back after Clear Cart', async () => {
    const { actor, emitted } = await cartWith(lines);
    actor.send({ type: 'cart.clear' });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(emitted[0]).toMatchObject({ title: 'Cart cleared', action: { label: 'Undo' } });
    actor.send({ type: 'cart.undo' });
    expect(actor.getSnapshot().context.items).toEqual(lines);
  });

  it('keeps 10 when 999 is typed, and says why', async () => {
    const { actor, emitted } = await cartWith(lines);
    actor.send({ type: 'cart.update', id: 't1', selectedSize: 'S', quantity: 999 });
    expect(actor.getSnapshot().context.items[1]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(emitted).toEqual([
      toast('Quantity limit', 'You can buy at most 10 of Tee in one size and colour.', 'info'),
    ]);
  });

  it('will not go to the checkout while a line lacks its size: it names the line and focuses its picker', async () => {
    const open = { id: 't1', name: 'Tee', image: '/t.svg', price: 499, quantity: 1, sizeOptions: ['S', 'M'] };
    const { actor, emitted } = await cartWith([lines[0], open]);
    actor.send({ type: 'session.signedIn' });
    actor.send({ type: 'cart.checkout' });
    expect(emitted).toEqual([
      toast('Choose a size', 'Choose a size for Tee before checkout.', 'error'),
      { type: 'focus', target: choiceFieldId({ id: 't1' }, 'size') },
    ]);
    actor.send({ type: 'cart.choose', line: { id: 't1' }, selectedSize: 'M' });
    actor.send({ type: 'cart.checkout' });
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/checkout' });
  });
});
