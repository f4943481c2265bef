import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine';
import {
  CART_STORAGE_KEY,
  type CartLine,
  cartCount,
  cartTotal,
  chooseVariant,
  lineNeedsChoice,
  parseStoredCart,
  serializeCart,
} from '../../machines/cart.model';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

// Few ids, sizes and colours so commands often hit the same line.
const id = fc.constantFrom('p1', 'p2', 'p3');
const size = fc.option(fc.constantFrom('S', 'M'), { nil: undefined });
const color = fc.option(fc.constantFrom('Red', 'Blue'), { nil: undefined });
const price = fc.integer({ min: 0, max: 500_000 }).map((paise) => paise / 100);
const quantity = fc.integer({ min: -2, max: 5 });

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
  it('keeps total, count, one line per (id, colour, size), quantities ≥ 1 and a faithful copy in storage after any commands', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 25 }), async (commands) => {
        const storage = new Map<string, string>();
        const actor = await startCart(storage);
        // A reference model written straight from spec §4, to compare the machine with.
        let model: CartLine[] = [];
        for (const c of commands) {
          actor.send(c);
          if (c.type === 'cart.add' && c.quantity >= 1) {
            const { type: _t, ...line } = c;
            const existing = model.find((l) => key(l) === key(line));
            if (existing) existing.quantity += c.quantity;
            else model.push(JSON.parse(JSON.stringify(line)));
          } else if (c.type === 'cart.remove') model = model.filter((l) => l.id !== c.id);
          else if (c.type === 'cart.update' && c.quantity >= 1) {
            const existing = model.find((l) => key(l) === key(c));
            if (existing) existing.quantity = c.quantity;
          } else if (c.type === 'cart.clear' || c.type === 'cart.reset') model = [];
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

  it('adds up quantities of the same line and never changes anything for quantities below 1', async () => {
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
        const expected = quantities.filter((q) => q >= 1).reduce((a, b) => a + b, 0);
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
  const tee: CartLine = {
    id: 't1',
    name: 'Tee',
    image: '',
    price: 499,
    quantity: 1,
    sizeOptions: ['S', 'M', 'L'],
    colorOptions: ['White', 'Black'],
  };
  it('needs a choice until both are chosen, and only offered values count', () => {
    expect(lineNeedsChoice(tee)).toBe(true);
    let lines = chooseVariant([tee], tee, { selectedSize: 'XXL' });
    expect(lines[0]?.selectedSize).toBeUndefined();
    lines = chooseVariant(lines, tee, { selectedSize: 'M' });
    expect(lineNeedsChoice(lines[0] as CartLine)).toBe(true);
    lines = chooseVariant(lines, { id: 't1', selectedSize: 'M' }, { selectedColor: 'Black' });
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
});
