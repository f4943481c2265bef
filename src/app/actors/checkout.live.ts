import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { type LiveDeps, logErrorAs } from './live-deps';
import { call } from './request';

export function provideCheckoutMachine(deps: LiveDeps) {
  const { client } = deps;
  return checkoutMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        const order = await call(client.POST('/orders', { body: input }), 'Failed to create order');
        return { id: order.id };
      }),
    },
    actions: { logError: logErrorAs(deps, 'Checkout') },
  });
}
