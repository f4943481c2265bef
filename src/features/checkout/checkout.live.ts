import { fromPromise } from 'xstate';
import type { components } from '../../../contract/schema';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { StockShortageError } from '../../../machines/shortage.model';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

type ShortageAnswer = components['schemas']['StockShortageError'];

const isShortageAnswer = (body: unknown): body is ShortageAnswer =>
  typeof body === 'object' && body !== null && Array.isArray((body as ShortageAnswer).shortages);

export function provideCheckoutMachine(deps: LiveDeps) {
  const { client } = deps;
  return checkoutMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        const request = client.POST('/orders', { body: input });
        // A 409 names the lines short of stock (openapi.yaml, StockShortageError): the machine shows them.
        const answered = await request.catch(() => null);
        if (answered?.response.status === 409 && isShortageAnswer(answered.error))
          throw new StockShortageError(answered.error.error, answered.error.shortages);
        const order = await call(request, 'Failed to create order');
        return { id: order.id };
      }),
    },
    actions: { logError: logErrorAs(deps, 'Checkout') },
  });
}
