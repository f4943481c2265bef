import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ORDER_NOT_FOUND, ORDER_NOT_PAYABLE, paymentMachine } from '../../machines/payment.machine';
import { methodField, paymentFields, serverError, toast } from './support/fixtures';
import { modelNamed, paymentResponses, pendingApiOrder } from './support/models';
import { answered, answerOf, describeModel, failed, failureOf, type StepView } from './support/suite';

/** The gateway's form as the page posts it for `paymentResponses.redirectPost`: its params, `data` flattened. */
const gatewayFormFields = {
  type: 'POST',
  url: 'https://gateway.test/checkout',
  'data[txnid]': 'T1',
  'data[hash]': 'abc',
};

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describeModel(
  modelNamed('payment'),
  ({ event, to }) => {
    const e = event as { type: string; output?: unknown };
    // A refused submit (the machine's own check, or the server's 400 about a field) returns to the form.
    if ((e.type === 'payment.submit' || e.type === 'xstate.error.actor.submitPayment') && to.matches('form'))
      return [toast('Validation Error', 'Please correct the errors in the form', 'error')];
    if (e.type === 'xstate.done.actor.submitPayment') {
      if (e.output === paymentResponses.redirectPost)
        return [
          {
            type: 'postForm',
            url: 'https://gateway.test/pay',
            method: 'POST',
            fields: gatewayFormFields,
          },
        ];
      if (e.output === paymentResponses.deeplink)
        return [{ type: 'navigate', to: 'upi://pay?pa=statefront@upi&am=998.00', external: true }];
      if (e.output === paymentResponses.redirect)
        return [{ type: 'navigate', to: 'https://gateway.test/hosted/T1', external: true }];
      // Cash on delivery: straight to the confirmation, which says what to pay the courier.
      if (e.output === paymentResponses.cashOnDelivery)
        return [
          { type: 'navigate', to: '/order-success?orderId=SF-TEST0001&payOnDelivery=998', replace: true },
        ];
      if (e.output === paymentResponses.initiated)
        return [
          toast('Payment initiated', 'Your payment is being processed', 'success'),
          { type: 'navigate', to: '/orders' },
        ];
      return [];
    }
    if (e.type === 'xstate.done.actor.fetchPaymentStanding' && e.output === 'paid')
      return [{ type: 'navigate', to: '/order-success?orderId=SF-TEST0001', replace: true }];
    return [];
  },
  {
    shows: (step) => {
      const { to } = step;
      const view = viewAfter(step);
      expect(to.context.error, 'the alert').toBe(view.error);
      expect(to.context.outcome, 'the outcome').toEqual(view.outcome);
      expect(to.context.values, 'the inputs').toEqual(view.values);
      expect(to.context.errors, 'the field errors').toEqual(view.errors);
      expect(to.context.serverErrors, "the server's field error").toEqual(view.serverErrors);
      expect(to.context.order, 'the order summary').toEqual(view.order);
      expect(to.hasTag('loading'), 'the spinner').toBe(view.loading);
      // 'Try again' is offered after a load failure, a failed payment and an expired QR.
      expect(to.can({ type: 'payment.retry' }), 'the retry button').toBe(view.retry);
    },
    sends: {
      fetchOrder: () => ({ orderId: 'SF-TEST0001' }),
      // The form is asked for this order: the server offers cash on delivery by its total.
      fetchPaymentFields: () => ({ orderId: 'SF-TEST0001' }),
      // Only visible fields are sent, trimmed, with the phone normalised to +91 and 10 digits.
      // Where the gateway offers a choice, the method too: on a computer the form starts on the QR
      // code, and "Pay by QR code instead" chooses it.
      submitPayment: (step) => ({
        orderId: 'SF-TEST0001',
        fields: {
          payerName: 'Asha Verma',
          email: 'asha@example.in',
          phone: '+919876543210',
          ...(fieldsOf(step.to).some((f) => f.name === 'method') ? { method: 'upi_qr' } : {}),
        },
      }),
      // The attempt POST /payments named is the one followed.
      fetchPaymentStanding: () => ({ orderId: 'SF-TEST0001', attemptId: 'T1' }),
    },
  },
);

type Values = Record<string, string>;

/** The payment form's fields as the actor holds them (its context is untyped in a step). */
const fieldsOf = (snapshot: StepView['from']) =>
  (snapshot?.context.fields ?? []) as { name: string; options?: { value: string }[] }[];
type View = {
  error: string | null;
  outcome: unknown;
  values: Values;
  errors: Record<string, string>;
  /** The server's message about one field, shown under it until the next submit. */
  serverErrors: Record<string, string>;
  order: unknown;
  loading: boolean;
  retry: boolean;
};

/** The fixture's fields as the spec words their errors (§5 Payment form). */
function fieldErrors(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.payerName?.trim()) errors.payerName = 'Name is required';
  if (!v.email?.trim()) errors.email = 'This field is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) errors.email = 'Please enter a valid email address';
  if (!v.phone || v.phone === '+91') errors.phone = 'This field is required';
  else if (v.phone.length !== 13) errors.phone = 'Phone number must be 13 characters (including +91)';
  return errors;
}

/** The summary of the order being paid: its lines, total and who it ships to. */
const orderSummary = (status: number) => ({
  id: 'SF-TEST0001',
  total: 998,
  status,
  canPay: status === 0,
  items: [expect.objectContaining({ name: 'Plain Tee', quantity: 2, variant: 'Colour: White · Size: M' })],
  shipTo: { fullName: 'Asha Verma', phone: '+919876543210' },
});

/** What the answer of POST /payments shows, per kind of answer in the model. */
const outcomes = new Map<unknown, { outcome: unknown; error?: string }>([
  [
    paymentResponses.redirectPost,
    {
      outcome: {
        kind: 'redirectPost',
        url: 'https://gateway.test/pay',
        method: 'POST',
        fields: gatewayFormFields,
      },
    },
  ],
  [
    paymentResponses.deeplink,
    {
      outcome: {
        kind: 'deeplink',
        url: 'upi://pay?pa=statefront@upi&am=998.00',
        gatewayUrl: 'https://gateway.test/sandbox/T1',
        attemptId: 'T1',
      },
    },
  ],
  [
    paymentResponses.qr,
    {
      outcome: {
        kind: 'qr',
        qr: 'upi://pay?pa=statefront@upi&am=998.00',
        qrBase64: null,
        gatewayUrl: 'https://gateway.test/sandbox/T1',
        attemptId: 'T1',
      },
    },
  ],
  [paymentResponses.redirect, { outcome: { kind: 'redirect', url: 'https://gateway.test/hosted/T1' } }],
  [paymentResponses.cashOnDelivery, { outcome: { kind: 'cashOnDelivery', due: 998 } }],
  [paymentResponses.initiated, { outcome: { kind: 'initiated' } }],
  [
    paymentResponses.refused,
    { outcome: { kind: 'failed', error: 'Order is not pending' }, error: 'Order is not pending' },
  ],
  [
    paymentResponses.refusedSilently,
    {
      outcome: { kind: 'failed', error: 'Unknown error occurred during payment process' },
      error: 'Unknown error occurred during payment process',
    },
  ],
]);

const EXCEPTION = 'Failed to process payment. Please try again later.';

/** What the payment page shows after the step, worked out from what it showed before. */
function viewAfter(step: StepView): View {
  const e = step.event as { type: string };
  const prev: View = step.from
    ? {
        error: step.from.context.error,
        outcome: step.from.context.outcome,
        values: step.from.context.values,
        errors: step.from.context.errors,
        serverErrors: step.from.context.serverErrors,
        order: step.from.context.order,
        loading: false,
        retry: false,
      }
    : {
        error: null,
        outcome: null,
        values: {},
        errors: {},
        serverErrors: {},
        order: null,
        loading: false,
        retry: false,
      };
  const view = { ...prev };
  if (e.type === 'xstate.init') {
    if (step.caseTitle === 'without an order id')
      view.error = 'Order ID is missing. Please return to checkout.';
    else view.loading = true;
    return view;
  }
  const order = answerOf<{ status: number }>(step, 'fetchOrder');
  if (order) {
    view.order = expect.objectContaining(orderSummary(order.status));
    if (order.status === 0) view.loading = true;
    else view.error = 'This order has already been paid or is no longer awaiting payment.';
    return view;
  }
  const orderFailure = failureOf<{ status?: number }>(step, 'fetchOrder');
  if (orderFailure) {
    if (orderFailure.status === 404) view.error = 'We could not find this order in your account.';
    else view.error = 'Failed to load your order. Please try again later.';
    view.retry = orderFailure.status !== 404;
    return view;
  }
  const fields = answerOf<{ name: string }[]>(step, 'fetchPaymentFields');
  if (fields) {
    // The form starts on the checkout's name and phone (the order ships to them), and on a
    // computer on the QR code when the gateway offers a choice of method.
    view.values = { payerName: 'Asha Verma', email: '', phone: '+919876543210', gstin: '' };
    if (fields.some((f) => f.name === 'method')) view.values.method = 'upi_qr';
    view.errors = {};
    view.error = null;
    return view;
  }
  if (failed(step, 'fetchPaymentFields')) {
    view.error = 'Failed to load payment form. Please try again later.';
    view.retry = true;
    return view;
  }
  switch (e.type) {
    case 'payment.submit': {
      // The form's values replace the inputs (the phone as the input keeps it: +91 and digits).
      const sent = (e as { values?: Values }).values ?? {};
      view.values = {
        ...prev.values,
        ...sent,
        ...(sent.phone === undefined ? {} : { phone: `+91${sent.phone.replace(/\D/g, '')}` }),
      };
      const errors = fieldErrors(view.values);
      view.errors = errors;
      if (Object.keys(errors).length === 0) {
        view.error = null;
        view.outcome = null;
        view.serverErrors = {};
        view.loading = true;
      }
      return view;
    }
    case 'payment.retry':
      // Back to the form, the order/form reloading, or a failed or expired payment started again.
      view.loading = ['orderFailed', 'fieldsFailed', 'declined', 'expired'].some(
        (state) => step.from?.matches(state) === true,
      );
      if (step.from?.matches('declined') || step.from?.matches('expired')) view.outcome = null;
      return view;
    case 'payment.check':
      return view;
    case 'payment.changeMethod':
      // Back to the form, the failed or expired payment set aside.
      view.outcome = null;
      return view;
    case 'payment.payByQr':
      // Only where the gateway offers a QR code; elsewhere the page has no such button.
      if (!fieldsOf(step.from).some((f) => f.options?.some((o) => o.value === 'upi_qr'))) return view;
      // The UPI app did not open: the form again, the payer's details kept and the QR code chosen.
      view.values = { ...prev.values, method: 'upi_qr' };
      view.outcome = null;
      return view;
    case 'payment.redirectBlocked':
      view.error = EXCEPTION;
      view.outcome = null;
      view.retry = true;
      return view;
  }
  const response = answerOf(step, 'submitPayment');
  if (answered(step, 'submitPayment')) {
    const shown = outcomes.get(response);
    if (!shown) throw new Error('An answer of submitPayment the test does not know');
    view.outcome = shown.outcome;
    if (shown.error) {
      view.error = shown.error;
      view.retry = true;
    }
    return view;
  }
  const refused = failureOf<{ field?: string; message: string }>(step, 'submitPayment');
  if (refused?.field) {
    view.serverErrors = { [refused.field]: refused.message };
    return view;
  }
  if (failed(step, 'submitPayment') || e.type.startsWith('xstate.after.redirectTimeout')) {
    view.error = EXCEPTION;
    view.outcome = null;
    view.retry = true;
    return view;
  }
  // A payment that failed at the gateway or ran out of time offers 'Try again' (and another method).
  if (e.type.startsWith('xstate.after.attemptValidity')) view.retry = true;
  const standing = answerOf<string>(step, 'fetchPaymentStanding');
  if (standing === 'failed' || standing === 'expired') view.retry = true;
  return view;
}

describe('paymentMachine', () => {
  /** A QR (or UPI-app) payment whose attempt answers `standings` in turn, on a simulated clock. */
  const fieldsLoaded = (
    standings: string[] = ['pending', 'pending', 'paid'],
    answer = paymentResponses.qr!,
  ) => {
    const clock = new SimulatedClock();
    const submitted: unknown[] = [];
    const looked: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          fetchOrder: fromPromise(async () => pendingApiOrder),
          fetchPaymentFields: fromPromise(async () => paymentFields),
          submitPayment: fromPromise(async ({ input }) => {
            submitted.push(input);
            return answer;
          }),
          fetchPaymentStanding: fromPromise(async ({ input }) => {
            looked.push(input);
            return (standings.shift() ?? 'pending') as 'pending';
          }),
        },
      }),
      { input: { orderId: 'SF-TEST0001' }, clock },
    );
    return { actor, clock, submitted, looked };
  };
  const pay = async (actor: ReturnType<typeof fieldsLoaded>['actor']) => {
    actor.start();
    await flush();
    actor.send({
      type: 'payment.submit',
      values: { payerName: 'Asha', email: 'asha@example.in', phone: '9876543210' },
    });
    await flush();
  };

  it('moves to paid on its own once a look at the attempt says paid', async () => {
    const { actor, clock, looked } = fieldsLoaded();
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    await pay(actor);
    expect(actor.getSnapshot().value).toEqual({ qr: 'waiting' });
    for (let poll = 0; poll < 3; poll++) {
      clock.increment(3000);
      await flush();
    }
    expect(actor.getSnapshot().value).toBe('paid');
    expect(looked).toContainEqual({ orderId: 'SF-TEST0001', attemptId: 'T1' });
    expect(emitted).toContainEqual({
      type: 'navigate',
      to: '/order-success?orderId=SF-TEST0001',
      replace: true,
    });
  });

  it('says a payment failed at the gateway, then tries again with a new attempt or goes back to the methods', async () => {
    const { actor, clock, submitted } = fieldsLoaded(['pending', 'failed', 'failed']);
    await pay(actor);
    clock.increment(3000);
    await flush();
    clock.increment(3000);
    await flush();
    expect(actor.getSnapshot().value).toBe('declined');
    expect(actor.getSnapshot().can({ type: 'payment.changeMethod' })).toBe(true);
    actor.send({ type: 'payment.retry' });
    await flush();
    expect(submitted).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ qr: 'waiting' });
    clock.increment(3000);
    await flush();
    expect(actor.getSnapshot().value).toBe('declined');
    actor.send({ type: 'payment.changeMethod' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.values.payerName).toBe('Asha');
  });

  it('expires an unpaid QR code after 10 minutes, and when the server says it has expired', async () => {
    const { actor, clock } = fieldsLoaded([]);
    await pay(actor);
    clock.increment(10 * 60 * 1000 - 1);
    await flush();
    expect(actor.getSnapshot().matches('qr')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().can({ type: 'payment.retry' })).toBe(true);

    const early = fieldsLoaded(['expired']);
    await pay(early.actor);
    early.clock.increment(3000);
    await flush();
    expect(early.actor.getSnapshot().value).toBe('expired');
  });

  it('looks at once when the shopper comes back from the UPI app or says they have paid', async () => {
    const { actor, looked } = fieldsLoaded(['paid'], paymentResponses.deeplink!);
    await pay(actor);
    expect(actor.getSnapshot().value).toEqual({ deeplink: 'waiting' });
    expect(looked).toHaveLength(0);
    actor.send({ type: 'payment.check' });
    await flush();
    expect(looked).toEqual([{ orderId: 'SF-TEST0001', attemptId: 'T1' }]);
    expect(actor.getSnapshot().value).toBe('paid');
  });

  it('fails with the payment exception when the gateway form has not left the page in 6 seconds', async () => {
    const { actor, clock } = fieldsLoaded([], paymentResponses.redirectPost!);
    await pay(actor);
    expect(actor.getSnapshot().value).toBe('redirectPost');
    clock.increment(5999);
    expect(actor.getSnapshot().value).toBe('redirectPost');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Failed to process payment. Please try again later.');
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toBe('form');
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
      variant: 'Colour: White · Size: M',
    });
    // Pay Now's values are kept as the input keeps them: the phone as +91 and its digits.
    actor.send({ type: 'payment.submit', values: { phone: '098765 43210' } });
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
