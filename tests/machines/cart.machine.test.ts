import { expect } from 'vitest';
import { type CartLine, choiceFieldId } from '../../machines/cart.model';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answerOf, describeModel, type StepView } from './support/suite';

const same = (a: Partial<CartLine>, b: Partial<CartLine>) =>
  a.id === b.id && a.selectedSize === b.selectedSize && a.selectedColor === b.selectedColor;

/** The lines the cart page shows after the step. */
function itemsAfter(step: StepView): CartLine[] {
  const items = (step.from?.context.items ?? []) as CartLine[];
  const e = step.event as { type: string } & Partial<CartLine>;
  if (step.event.type === 'xstate.done.actor.loadCart') {
    // A stored cart comes back as it was; a corrupt one gives an empty cart.
    try {
      return JSON.parse(answerOf<string>(step, 'loadCart') ?? 'null') ?? [];
    } catch {
      return [];
    }
  }
  const { type, ...line } = e;
  const valid = (line.quantity ?? 0) >= 1;
  switch (type) {
    case 'cart.add':
      if (!valid) return items;
      return items.some((l) => same(l, line))
        ? items.map((l) =>
            same(l, line) ? { ...l, quantity: Math.min(l.quantity + (line.quantity ?? 0), 10) } : l,
          )
        : [...items, line as CartLine];
    case 'cart.remove':
      return items.filter((l) => l.id !== line.id);
    case 'cart.update':
      // At most 10 in one line: a typed 999 keeps 10.
      return valid
        ? items.map((l) =>
            same(l, line) ? { ...l, quantity: Math.min(line.quantity ?? l.quantity, 10) } : l,
          )
        : items;
    case 'cart.clear':
    case 'cart.reset':
      return [];
    case 'cart.undo': {
      // The removed lines come back at the positions they had.
      const removed = (step.from?.context.removed ?? []) as { index: number; line: CartLine }[];
      const out = [...items];
      for (const { index, line: back } of removed) out.splice(index, 0, back);
      return out;
    }
    case 'cart.fit': {
      // The kurta line takes the 1 left (a line with 0 left would go).
      const { lines } = step.event as unknown as { lines: (Partial<CartLine> & { left: number })[] };
      return items.flatMap((l) => {
        const fit = lines.find((f) => same(f, l));
        if (!fit || fit.left >= l.quantity) return [l];
        return fit.left > 0 ? [{ ...l, quantity: fit.left }] : [];
      });
    }
    case 'cart.choose': {
      // A size the line offers is set on it (the line no longer needs a choice).
      const choice = step.event as unknown as { line: Partial<CartLine>; selectedSize?: string };
      return items.map((l) =>
        same(l, choice.line) && choice.selectedSize && l.sizeOptions?.includes(choice.selectedSize)
          ? { ...l, selectedSize: choice.selectedSize }
          : l,
      );
    }
    default:
      return items;
  }
}

const undo = { label: 'Undo', event: { type: 'cart.undo' } };

const expectEmits = ({ from, event, to }: StepView) => {
  const before = (from?.context.items ?? []) as CartLine[];
  const e = event as { type: string } & Partial<CartLine>;
  switch (e.type) {
    case 'cart.add': {
      if (!e.quantity || e.quantity < 1) return [];
      const twin = before.find((l) => same(l, e));
      if ((twin?.quantity ?? 0) + e.quantity > 10)
        return [
          toast('Quantity limit', `You can buy at most 10 of ${e.name} in one size and colour.`, 'info'),
        ];
      return twin
        ? [toast('Cart updated', `${e.name} quantity increased.`, 'success')]
        : [toast('Added to cart', `${e.name} added to your cart.`, 'success')];
    }
    case 'cart.remove': {
      const gone = before.filter((l) => l.id === e.id);
      if (gone.length === 0) return [];
      return [
        {
          type: 'toast',
          title: 'Removed from cart',
          description:
            gone.length === 1
              ? `${gone[0]?.name} was removed.`
              : `${gone.length} lines of ${gone[0]?.name} were removed.`,
          action: undo,
        },
      ];
    }
    case 'cart.clear':
      return [
        {
          type: 'toast',
          title: 'Cart cleared',
          description: 'All items have been removed from your cart.',
          action: undo,
        },
      ];
    case 'cart.undo':
      return [{ type: 'toast', title: 'Restored to cart', variant: 'success' }];
    case 'cart.update': {
      const line = before.find((l) => same(l, e));
      return line && (e.quantity ?? 0) > 10
        ? [toast('Quantity limit', `You can buy at most 10 of ${line.name} in one size and colour.`, 'info')]
        : [];
    }
    case 'cart.checkout': {
      // A line without its size: say which, and put the shopper on its picker instead of going on.
      const open = before.find((l) => (l.sizeOptions?.length ?? 0) > 1 && !l.selectedSize);
      if (open)
        return [
          toast('Choose a size', `Choose a size for ${open.name} before checkout.`, 'error'),
          { type: 'focus', target: choiceFieldId(open, 'size') },
        ];
      return from?.context.signedIn
        ? [{ type: 'navigate', to: '/checkout' }]
        : [
            { type: 'toast', title: 'Login Required', description: 'Please login to proceed with checkout' },
            { type: 'navigate', to: '/login', from: '/checkout' },
          ];
    }
    default:
      void to;
      return [];
  }
};

describeModel(modelNamed('cart'), expectEmits, {
  shows: (step) => {
    expect(step.to.context.items).toEqual(itemsAfter(step));
    // Placeholders show from the start until the stored cart is read (or cannot be).
    const stillLoading =
      step.from?.hasTag('loading') === true && !step.event.type.endsWith('.actor.loadCart');
    expect(step.to.hasTag('loading')).toBe(step.event.type === 'xstate.init' || stillLoading);
    // What Checkout does next (go on, or ask to sign in) follows the session the app told the cart of.
    const signedIn =
      step.event.type === 'session.signedIn'
        ? true
        : step.event.type === 'session.signedOut'
          ? false
          : (step.from?.context.signedIn ?? false);
    expect(step.to.context.signedIn).toBe(signedIn);
  },
});
