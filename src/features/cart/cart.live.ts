import { fromPromise } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine';
import { CART_STORAGE_KEY, serializeCart } from '../../../machines/cart.model';
import type { LiveDeps } from '../../app/actors/live-deps';

export function provideCartMachine(deps: LiveDeps) {
  return cartMachine.provide({
    actors: {
      // The machine validates what was stored; a storage that throws (privacy mode) is an empty cart.
      loadCart: fromPromise<unknown>(async () => deps.storage().getItem(CART_STORAGE_KEY)),
    },
    actions: {
      persistCart: ({ context }) => {
        try {
          deps.storage().setItem(CART_STORAGE_KEY, serializeCart(context.items));
        } catch (error) {
          deps.logError('Could not save the cart', error);
        }
      },
    },
  });
}
