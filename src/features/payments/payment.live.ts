import { fromPromise } from 'xstate';
import { RequestError } from '../../../machines/errors';
import { hasLeftPending } from '../../../machines/orders.model';
import { type PaymentStandingInput, paymentMachine } from '../../../machines/payment.machine';
import { type PaymentStanding, parsePaymentFields } from '../../../machines/payment.model';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function providePaymentMachine({ client }: LiveDeps) {
  return paymentMachine.provide({
    actors: {
      // The owner's own order (signed in, so no contact is needed); a 404 means missing or not theirs.
      fetchOrder: fromPromise(async ({ input }) =>
        call(
          client.GET('/orders/{orderId}', { params: { path: { orderId: input.orderId } } }),
          'Failed to load your order. Please try again later.',
        ),
      ),
      // With the order, the server may add cash on delivery (its total within COD_LIMIT).
      fetchPaymentFields: fromPromise(async ({ input }) =>
        parsePaymentFields(
          await call(
            client.GET('/payments/fields', {
              params: { query: input.orderId ? { orderId: input.orderId } : {} },
            }),
            'Failed to load payment form. Please try again later.',
          ),
        ),
      ),
      // A refusal with a JSON error (400, 409, …) is a failed outcome showing the server's text, except
      // a 400 about one field, which the machine puts under that field; a missing answer or an answer
      // without text is an exception.
      submitPayment: fromPromise(async ({ input }) => {
        try {
          return await call(client.POST('/payments', { body: input }), 'Failed to process payment');
        } catch (error) {
          if (error instanceof RequestError && error.serverMessage && !error.field)
            return { success: false, error: error.serverMessage };
          throw error;
        }
      }),
      // The attempt's own word when the gateway named one; else whether the order has left Pending.
      fetchPaymentStanding: fromPromise<PaymentStanding, PaymentStandingInput>(async ({ input }) => {
        if (input.attemptId) {
          const answer = await call(
            client.GET('/payments/{attemptId}', { params: { path: { attemptId: input.attemptId } } }),
            'Payment attempt not found',
          );
          return answer.status;
        }
        const order = await call(
          client.GET('/orders/{orderId}', { params: { path: { orderId: input.orderId } } }),
          'Order not found or access denied',
        );
        return hasLeftPending(order.status) ? 'paid' : 'pending';
      }),
    },
  });
}
