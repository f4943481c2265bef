import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ORDER_NOT_FOUND, ORDER_NOT_PAYABLE, paymentMachine } from '../../machines/payment.machine';
import type { PaymentField } from '../../shared/payment-fields';

const methodField: PaymentField = {
  name: 'method',
  label: 'Pay with',
  type: 'select',
  options: [
    { label: 'UPI app', value: 'upi_intent' },
    { label: 'UPI QR code', value: 'upi_qr' },
    { label: 'Card / net banking', value: 'card' },
  ],
  defaultValue: 'upi_qr',
};

import { paymentFields, serverError } from './support/fixtures';
import { modelNamed, paymentResponses, pendingApiOrder } from './support/models';
import { describeModel } from './support/suite';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describeModel(
  modelNamed('payment'),
  ({ event, to }) => {
    const e = event as { type: string; output?: unknown };
    // A refused submit (the machine's own check, or the server's 400 about a field) returns to the form.
    if ((e.type === 'payment.submit' || e.type === 'xstate.error.actor.submitPayment') && to.matches('form'))
      return [
        {
          type: 'toast',
          title: 'Validation Error',
          description: 'Please correct the errors in the form',
          variant: 'error',
        },
      ];
    if (e.type === 'xstate.done.actor.submitPayment') {
      if (e.output === paymentResponses.redirectPost)
        return [
          {
            type: 'postForm',
            url: 'https://gateway.test/pay',
            method: 'POST',
            fields: {
              type: 'POST',
              url: 'https://gateway.test/checkout',
              'data[txnid]': 'T1',
              'data[hash]': 'abc',
            },
          },
        ];
      if (e.output === paymentResponses.deeplink)
        return [{ type: 'navigate', to: 'upi://pay?pa=statefront@upi&am=998.00', external: true }];
      if (e.output === paymentResponses.redirect)
        return [{ type: 'navigate', to: 'https://gateway.test/hosted/T1', external: true }];
      if (e.output === paymentResponses.initiated)
        return [
          {
            type: 'toast',
            title: 'Payment initiated',
            description: 'Your payment is being processed',
            variant: 'success',
          },
          { type: 'navigate', to: '/orders' },
        ];
      return [];
    }
    if (e.type === 'xstate.done.actor.fetchOrderStatus' && e.output === 1)
      return [{ type: 'navigate', to: '/order-success?orderId=SF-TEST0001', replace: true }];
    return [];
  },
  (replay) => {
    for (const step of replay.steps) {
      const s = step.actual;
      const e = step.event as { type: string; output?: unknown };
      if (s.matches('missingOrderId'))
        expect(s.context.error).toBe('Order ID is missing. Please return to checkout.');
      // The server's message about a field stays in context for the form, until the next submit.
      if (s.matches('form') && e.type === 'xstate.error.actor.submitPayment')
        expect(s.context.serverErrors).toEqual({ phone: 'Phone number must start with +91' });
      if (s.matches('submitting')) expect(s.context.serverErrors).toEqual({});
      if (s.matches('fieldsFailed'))
        expect(s.context.error).toBe('Failed to load payment form. Please try again later.');
      if (s.matches('failed')) {
        const expected =
          e.type === 'xstate.error.actor.submitPayment' ||
          e.type === 'payment.redirectBlocked' ||
          e.type.startsWith('xstate.after')
            ? 'Failed to process payment. Please try again later.'
            : e.output === paymentResponses.refused
              ? 'Order is not pending'
              : 'Unknown error occurred during payment process';
        expect(s.context.error).toBe(expected);
      }
      if (s.matches('qr'))
        expect(s.context.outcome).toEqual({
          kind: 'qr',
          qr: paymentResponses.qr?.action?.qr,
          qrBase64: null,
          gatewayUrl: 'https://gateway.test/sandbox/T1',
        });
    }
    // Only visible fields are sent, trimmed, with the phone normalised to +91 and 10 digits.
    for (const input of replay.actorInputs.get('submitPayment') ?? []) {
      expect(input).toEqual({
        orderId: 'SF-TEST0001',
        fields: { payerName: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210' },
      });
    }
  },
);

describe('paymentMachine', () => {
  const fieldsLoaded = () => {
    const clock = new SimulatedClock();
    const statuses: unknown[] = [0, 0, 2];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          fetchOrder: fromPromise(async () => pendingApiOrder),
          fetchPaymentFields: fromPromise(async () => paymentFields),
          submitPayment: fromPromise(async () => paymentResponses.qr!),
          fetchOrderStatus: fromPromise(async () => statuses.shift()),
        },
      }),
      { input: { orderId: 'SF-TEST0001' }, clock },
    );
    return { actor, clock };
  };

  it('moves to paid on its own once a poll sees the order leave Pending', async () => {
    const { actor, clock } = fieldsLoaded();
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    await flush();
    actor.send({
      type: 'payment.submit',
      values: { payerName: 'Asha', email: 'asha@example.in', phone: '9876543210' },
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ qr: 'waiting' });
    for (let poll = 0; poll < 3; poll++) {
      clock.increment(3000);
      await flush();
    }
    expect(actor.getSnapshot().value).toBe('paid');
    expect(emitted).toContainEqual({
      type: 'navigate',
      to: '/order-success?orderId=SF-TEST0001',
      replace: true,
    });
  });

  it('fails with the payment exception when the gateway form has not left the page in 6 seconds', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          fetchOrder: fromPromise(async () => pendingApiOrder),
          fetchPaymentFields: fromPromise(async () => paymentFields),
          submitPayment: fromPromise(async () => paymentResponses.redirectPost!),
        },
      }),
      { input: { orderId: 'SF-TEST0001' }, clock },
    );
    actor.start();
    await flush();
    actor.send({
      type: 'payment.submit',
      values: { payerName: 'Asha', email: 'asha@example.in', phone: '9876543210' },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('redirectPost');
    clock.increment(5999);
    expect(actor.getSnapshot().value).toBe('redirectPost');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Failed to process payment. Please try again later.');
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toBe('form');
  });

  it('expires the QR after the poll timeout when the order stays Pending', async () => {
    const { actor, clock } = fieldsLoaded();
    actor.start();
    await flush();
    actor.send({
      type: 'payment.submit',
      values: { payerName: 'Asha', email: 'asha@example.in', phone: '9876543210' },
    });
    await flush();
    clock.increment(5 * 60 * 1000);
    await flush();
    expect(actor.getSnapshot().matches('qr')).toBe(true);
    clock.increment(5 * 60 * 1000);
    await flush();
    expect(actor.getSnapshot().value).toBe('qrExpired');
  });

  it("starts the form on the defaults plus the checkout's name and phone the order ships to", async () => {
    const { actor } = fieldsLoaded();
    actor.start();
    await flush();
    expect(actor.getSnapshot().context.values).toEqual({
      payerName: 'Asha Verma',
      email: '',
      phone: '+919876543210',
      gstin: '',
    });
    expect(actor.getSnapshot().context.order?.items[0]).toMatchObject({
      name: 'Plain Tee',
      variant: 'Color: White · Size: M',
    });
    actor.send({ type: 'payment.change', name: 'phone', value: '+91 98765-43210 99' });
    expect(actor.getSnapshot().context.values.phone).toBe('+919876543210');
  });

  const withOrder = (order: () => Promise<unknown>, input: { isPhone?: boolean } = {}) =>
    createActor(
      paymentMachine.provide({
        actors: {
          fetchOrder: fromPromise(order as () => Promise<typeof pendingApiOrder>),
          fetchPaymentFields: fromPromise(async () => [...paymentFields, methodField]),
        },
      }),
      { input: { orderId: 'SF-TEST0001', ...input } },
    );

  it('says at once that an already-paid order needs no payment, without loading the form', async () => {
    const actor = withOrder(async () => ({ ...pendingApiOrder, status: 1 }));
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('notPayable');
    expect(actor.getSnapshot().context.error).toBe(ORDER_NOT_PAYABLE);
  });

  it("says at once that an order is not the shopper's (404)", async () => {
    const actor = withOrder(async () => {
      throw serverError('Order not found or access denied', 404);
    });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('orderNotFound');
    expect(actor.getSnapshot().context.error).toBe(ORDER_NOT_FOUND);
  });

  it('starts on the UPI app on a phone and on the QR code elsewhere', async () => {
    const phone = withOrder(async () => pendingApiOrder, { isPhone: true });
    phone.start();
    await flush();
    expect(phone.getSnapshot().context.values.method).toBe('upi_intent');
    const desktop = withOrder(async () => pendingApiOrder, { isPhone: false });
    desktop.start();
    await flush();
    expect(desktop.getSnapshot().context.values.method).toBe('upi_qr');
  });
});
