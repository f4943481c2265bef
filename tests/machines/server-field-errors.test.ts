import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import { RequestError } from '../../machines/errors';
import { PAYMENT_EXCEPTION, paymentMachine, type SubmitPaymentInput } from '../../machines/payment.machine';
import type { PaymentResponse } from '../../machines/payment.model';
import { fieldError, kurtaLine, noResponse, paymentFields, serverError, shipping } from './support/fixtures';
import { pendingApiOrder } from './support/models';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('checkout machine: a 400 about a field', () => {
  function checkout(failures: unknown[]) {
    const inputs: unknown[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          createOrder: fromPromise(async ({ input }) => {
            inputs.push(input);
            const failure = failures.shift();
            if (failure) throw failure;
            return { id: 'SF-TEST0001' };
          }),
        },
      }),
      { input: {} },
    );
    const emitted: { type: string; title?: string }[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, emitted, inputs };
  }

  it('keeps the server message under its field and still toasts the failure when the answer names a field', async () => {
    const { actor, emitted } = checkout([fieldError('Enter a valid 6-digit PIN code', 'postalCode')]);
    actor.send({ type: 'checkout.submit', items: [kurtaLine], fieldsValid: true, ...shipping });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ postalCode: 'Enter a valid 6-digit PIN code' });
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'toast', title: 'Error placing order' }));
  });

  it('forgets the field message when the shopper submits again', async () => {
    const { actor } = checkout([fieldError('Enter a valid 6-digit PIN code', 'postalCode')]);
    actor.send({ type: 'checkout.submit', items: [kurtaLine], fieldsValid: true, ...shipping });
    await flush();
    actor.send({
      type: 'checkout.submit',
      items: [kurtaLine],
      fieldsValid: true,
      ...shipping,
      postalCode: '560001',
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
  });

  it.each([
    ['names no field', serverError('Product p2 is no longer available', 400)],
    ['names a field the form lacks', fieldError('Unknown product id(s): "x"', 'products')],
    ['never answered', noResponse()],
  ])('keeps no field message when the failure %s', async (_, failure) => {
    const { actor } = checkout([failure]);
    actor.send({ type: 'checkout.submit', items: [kurtaLine], fieldsValid: true, ...shipping });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('counts a phone holding only +91 as blank and creates no order', async () => {
    const { actor, emitted, inputs } = checkout([]);
    actor.send({
      type: 'checkout.submit',
      items: [kurtaLine],
      fieldsValid: true,
      ...shipping,
      phone: ' +91 ',
    });
    await flush();
    expect(inputs).toEqual([]);
    expect(emitted).toContainEqual(
      expect.objectContaining({ type: 'toast', title: 'Please fill all fields' }),
    );
  });
});

describe('payment machine: a 400 about a field', () => {
  function payment(failure: unknown) {
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          fetchOrder: fromPromise(async () => pendingApiOrder),
          fetchPaymentFields: fromPromise(async () => paymentFields),
          submitPayment: fromPromise<PaymentResponse, SubmitPaymentInput>(async () => {
            throw failure;
          }),
        },
      }),
      { input: { orderId: 'SF-TEST0001' } },
    );
    const emitted: { type: string; title?: string }[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, emitted };
  }
  const values = { payerName: 'Asha', email: 'asha@example.in', phone: '9876543210' };

  it('returns to the form with the server message under the field when the answer names a visible field', async () => {
    const { actor, emitted } = payment(fieldError('Phone number must start with +91', 'phone'));
    await flush();
    actor.send({ type: 'payment.submit', values });
    await flush();
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.serverErrors).toEqual({ phone: 'Phone number must start with +91' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'toast', title: 'Validation Error' }));
  });

  it('clears the server message when the form is submitted again', async () => {
    const { actor } = payment(fieldError('Phone number must start with +91', 'phone'));
    await flush();
    actor.send({ type: 'payment.submit', values });
    await flush();
    actor.send({ type: 'payment.submit', values });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
  });

  it('fails with the server text when the field it names is hidden, having nowhere to show it', async () => {
    const { actor } = payment(fieldError('Please enter the GSTIN for the invoice', 'gstin'));
    await flush();
    actor.send({ type: 'payment.submit', values });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Please enter the GSTIN for the invoice');
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
  });

  it('fails with the payment exception when no answer came', async () => {
    const { actor } = payment(new RequestError('offline', { noResponse: true }));
    await flush();
    actor.send({ type: 'payment.submit', values });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(PAYMENT_EXCEPTION);
  });
});
