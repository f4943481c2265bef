/**
 * What the checkout page used to decide itself and the machine now owns: one `checkout.submit` for
 * every real submit, the blank-field check (the phone field's own +91 counts as blank) and the phone
 * as the order sends it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromPromise } from 'xstate';
import type { CartLine } from '../../machines/cart.model';
import { type CreateOrderRequest, checkoutMachine } from '../../machines/checkout.machine';
import { shippingPhoneOf } from '../../machines/shipping.model';
import { MOBILE_PREFIX } from '../../shared/phone';
import { shipping, toast } from './support/fixtures';

const tee: CartLine = { id: 'p-tee', name: 'Plain Tee', image: '', price: 499, quantity: 2 };
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function start() {
  const requests: CreateOrderRequest[] = [];
  const emitted: EventObject[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createOrder: fromPromise<{ id: string }, CreateOrderRequest>(async ({ input }) => {
          requests.push(input);
          return { id: 'SF-1' };
        }),
      },
    }),
    { input: {} },
  );
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, requests, emitted };
}

const blankToast = toast('Please fill all fields', 'All shipping information fields are required.', 'error');

describe('shippingPhoneOf', () => {
  it('reads the field left at its +91 prefix as no phone', () => {
    expect(shippingPhoneOf(MOBILE_PREFIX)).toBe('');
    expect(shippingPhoneOf(' +91 ')).toBe('');
  });
  it('drops the spaces and hyphens a shopper types between digits', () => {
    expect(shippingPhoneOf('+91 98765-43210')).toBe('+919876543210');
  });
  it('reads a number written without +91 or with a leading 0 as the +91 mobile it means', () => {
    expect(shippingPhoneOf('098765 43210')).toBe('+919876543210');
    expect(shippingPhoneOf('9876543210')).toBe('+919876543210');
  });
  it('passes what cannot be an Indian mobile on unchanged but for spacing, for the rule to refuse', () => {
    expect(shippingPhoneOf('+44 7700 900123')).toBe('+447700900123');
  });
});

describe('checkout.submit', () => {
  it("toasts 'Please fill all fields' and orders nothing when the phone is still just +91", async () => {
    const { actor, requests, emitted } = start();
    actor.send({ type: 'checkout.submit', items: [tee], ...shipping, phone: '+91', fieldsValid: false });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([blankToast]);
    expect(requests).toEqual([]);
  });

  it('sends nothing and no toast when every field is filled but one breaks its rule', async () => {
    const { actor, requests, emitted } = start();
    actor.send({
      type: 'checkout.submit',
      items: [tee],
      ...shipping,
      postalCode: '0123',
      fieldsValid: false,
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('still says the cart is empty before it says a field is blank', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'checkout.submit', items: [], ...shipping, city: '', fieldsValid: false });
    await flush();
    expect(emitted).toEqual([
      toast('Cart is empty', 'Please add items to your cart before checkout.', 'error'),
    ]);
  });

  it('orders with the fields trimmed and the phone as digits after +91 when the form is valid', async () => {
    const { actor, requests } = start();
    actor.send({
      type: 'checkout.submit',
      items: [tee],
      ...shipping,
      fullName: '  Asha Verma ',
      phone: '+91 98765-43210',
      fieldsValid: true,
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.shippingAddress).toEqual({
      ...shipping,
      fullName: 'Asha Verma',
      phone: '+919876543210',
    });
  });
});
