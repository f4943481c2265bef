import type { CartLine } from '../../machines/cart.model';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('cart'), ({ from, event, to }) => {
  const before = (from?.context.items ?? []) as CartLine[];
  const e = event as { type: string } & Partial<CartLine>;
  switch (e.type) {
    case 'cart.add': {
      if (!e.quantity || e.quantity < 1) return [];
      const merged = before.some(
        (l) => l.id === e.id && l.selectedSize === e.selectedSize && l.selectedColor === e.selectedColor,
      );
      return merged
        ? [
            {
              type: 'toast',
              title: 'Cart updated',
              description: `${e.name} quantity increased.`,
              variant: 'success',
            },
          ]
        : [
            {
              type: 'toast',
              title: 'Added to cart',
              description: `${e.name} added to your cart.`,
              variant: 'success',
            },
          ];
    }
    case 'cart.remove':
      return before.some((l) => l.id === e.id) ? [{ type: 'toast', title: 'Removed from cart' }] : [];
    case 'cart.clear':
      return [
        { type: 'toast', title: 'Cart cleared', description: 'All items have been removed from your cart.' },
      ];
    case 'cart.checkout':
      return from?.context.signedIn
        ? [{ type: 'navigate', to: '/checkout' }]
        : [
            { type: 'toast', title: 'Login Required', description: 'Please login to proceed with checkout' },
            { type: 'navigate', to: '/login', from: '/checkout' },
          ];
    default:
      void to;
      return [];
  }
});
