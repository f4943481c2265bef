import { assign, emit, fromPromise, setup } from 'xstate';
import {
  applyChange,
  defaultValues,
  type PaymentErrors,
  type PaymentField,
  type PaymentValue,
  type PaymentValues,
  submittedFields,
  validateForm,
  visibleFields,
} from '../shared/payment-fields';
import { fieldErrorOf, isRequestError } from './errors';
import { type EmittedEvent, navigate, toast } from './events';
import { type ApiOrder, type DisplayOrder, isPayable, toDisplayOrder } from './orders.model';
import {
  ATTEMPT_VALIDITY_MS,
  type PaymentOutcome,
  type PaymentResponse,
  type PaymentStanding,
  paymentOutcome,
} from './payment.model';

const ORDER_ID_MISSING = 'Order ID is missing. Please return to checkout.';
const FIELDS_FAILED = 'Failed to load payment form. Please try again later.';
export const PAYMENT_EXCEPTION = 'Failed to process payment. Please try again later.';
export const ORDER_NOT_PAYABLE = 'This order has already been paid or is no longer awaiting payment.';
export const ORDER_NOT_FOUND = 'We could not find this order in your account.';
const ORDER_LOAD_FAILED = 'Failed to load your order. Please try again later.';

/** What the payment screens show of the order: its lines and total, plus who it ships to. */
export type PaymentOrder = DisplayOrder & { shipTo: { fullName: string; phone: string } };

function toPaymentOrder(order: ApiOrder): PaymentOrder {
  return {
    ...toDisplayOrder(order),
    shipTo: { fullName: order.shippingAddress?.fullName ?? '', phone: order.shippingAddress?.phone ?? '' },
  };
}

/** The `method` value of a UPI QR code payment (server/payments/fields.ts). */
const QR_CODE = 'upi_qr';

/** The method a payment form starts on: the UPI app on a phone (it cannot scan its own screen), QR elsewhere. */
function preferredMethod(field: PaymentField | undefined, isPhone: boolean): string | null {
  const values = (field?.options ?? []).map((o) => o.value);
  const wanted = isPhone ? 'upi_intent' : QR_CODE;
  return values.includes(wanted) ? wanted : null;
}

/**
 * The form's starting values: the server's defaults, the checkout's name and phone (the order ships
 * to them) in place of empty or account defaults, and the method suited to the device.
 */
export function startingValues(
  fields: PaymentField[],
  order: PaymentOrder | null,
  isPhone: boolean,
): PaymentValues {
  const values = defaultValues(fields);
  const has = (name: string) => fields.some((f) => f.name === name);
  if (order?.shipTo.fullName.trim() && has('payerName')) values.payerName = order.shipTo.fullName.trim();
  if (order?.shipTo.phone.trim() && has('phone'))
    values.phone = applyChange(
      fields.find((f) => f.name === 'phone'),
      order.shipTo.phone.trim(),
    );
  const method = preferredMethod(
    fields.find((f) => f.name === 'method'),
    isPhone,
  );
  if (method) values.method = method;
  return values;
}

export type PaymentEvent =
  /**
   * Pay Now with the form's values: the form (Conform + zod) owns the inputs and their live messages,
   * so the machine hears the values only when they are sent, never keystroke by keystroke.
   */
  | { type: 'payment.submit'; values: PaymentValues }
  | { type: 'payment.retry' }
  /** Look at the followed payment now: the shopper is back on the tab, or says they have paid. */
  | { type: 'payment.check' }
  /** Back to the form from a failed or expired payment, to pick another method. */
  | { type: 'payment.changeMethod' }
  /** The UPI app did not open (none on this device): back to the form, on the QR code. */
  | { type: 'payment.payByQr' }
  /** The browser refused to leave for the gateway (e.g. a CSP form-action violation). */
  | { type: 'payment.redirectBlocked' };

export type PaymentContext = {
  orderId: string | null;
  /** The order being paid (lines, total, ship-to), once loaded. */
  order: PaymentOrder | null;
  /** A phone-sized screen: the form starts on the UPI app rather than the QR code. */
  isPhone: boolean;
  fields: PaymentField[];
  values: PaymentValues;
  errors: PaymentErrors;
  /** What POST /payments said about one field (400 `{ error, field }`), for the form to show under it. */
  serverErrors: PaymentErrors;
  /** What POST /payments answered; a QR outcome also carries the gateway's own page (`gatewayUrl`). */
  outcome: PaymentOutcome | null;
  error: string | null;
};

export type SubmitPaymentInput = { orderId: string; fields: Record<string, PaymentValue> };
/** The attempt to follow; without one (a gateway that names none) the order's status tells. */
export type PaymentStandingInput = { orderId: string; attemptId: string | null };

const followedAttempt = ({ context }: { context: PaymentContext }): PaymentStandingInput => {
  const o = context.outcome;
  return {
    orderId: context.orderId ?? '',
    attemptId: (o?.kind === 'qr' || o?.kind === 'deeplink' ? o.attemptId : undefined) ?? null,
  };
};
const standingIs = (standing: PaymentStanding) => (_: unknown, params: { standing: PaymentStanding }) =>
  params.standing === standing;
const standingParams = ({ event }: { event: { output: PaymentStanding } }) => ({ standing: event.output });

/** The fields the shopper can see now: a server error about a hidden one has nowhere to show. */
const visibleFieldNames = (context: Pick<PaymentContext, 'fields' | 'values'>) =>
  visibleFields(context.fields, context.values).map((f) => f.name);

type OutcomeKind = PaymentOutcome['kind'];
const outcomeIs = (kind: OutcomeKind) => (_: unknown, params: { response: PaymentResponse }) =>
  paymentOutcome(params.response).kind === kind;
const responseParams = ({ event }: { event: { output: PaymentResponse } }) => ({ response: event.output });

/** One kind of gateway answer: its guard, its state, and what follows remembering it. */
const outcome = <Guard extends string, Target extends string>(
  guard: Guard,
  target: Target,
  ...then: ('postGatewayForm' | 'openExternalUrl' | 'notifyInitiated' | 'goToOrders')[]
) => ({
  guard: { type: guard, params: responseParams },
  target,
  actions: [{ type: 'assignOutcome' as const, params: responseParams }, ...then],
});

/**
 * Paying a Pending order (spec §2 Payment, §4 Payment outcome, §5 Payment form, §8). The form is built
 * from server field definitions; the outcome of POST /payments decides the final state. In `qr` and
 * `deeplink` (the UPI app) the attempt is followed (GET /payments/{attemptId}) every `pollInterval`,
 * and at once on `payment.check` (back on the tab, 'I have paid — check again'), until it is paid
 * (→ `paid`), failed (→ `declined`) or expired, at the latest after `attemptValidity` (→ `expired`);
 * from the last two the shopper tries again or chooses another method. A gateway form post that has
 * not taken the browser away within `redirectTimeout` (or that the browser blocks) fails with
 * PAYMENT_EXCEPTION instead of spinning.
 */
/** The waiting and looking of a followed payment (the QR code's and the UPI app's). */
const following = {
  waiting: {
    description: 'Waiting a moment before looking again (or at once, when the shopper asks).',
    after: { pollInterval: 'polling' },
    on: { 'payment.check': 'polling' },
  },
  polling: {
    description: 'Has the payment been made, refused or run out of time?',
    invoke: {
      id: 'fetchPaymentStanding',
      src: 'fetchPaymentStanding',
      input: followedAttempt,
      onDone: [
        { guard: { type: 'isPaidStanding', params: standingParams }, target: '#payment.paid' },
        { guard: { type: 'isFailedStanding', params: standingParams }, target: '#payment.declined' },
        { guard: { type: 'isExpiredStanding', params: standingParams }, target: '#payment.expired' },
        { target: 'waiting' },
      ],
      // A failed look is retried at the next interval; attemptValidity still bounds the wait.
      onError: { target: 'waiting' },
    },
  },
} as const;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as EmittedEvent,
    input: {} as { orderId?: string | null; isPhone?: boolean } | undefined,
  },
  actors: {
    fetchOrder: fromPromise<ApiOrder, { orderId: string }>(async () => {
      throw new Error('fetchOrder is provided by its *.live.ts in src/features');
    }),
    /** The form for this order: the server offers cash on delivery only for an order within its limit. */
    fetchPaymentFields: fromPromise<PaymentField[], { orderId: string }>(async () => {
      throw new Error('fetchPaymentFields is provided by its *.live.ts in src/features');
    }),
    submitPayment: fromPromise<PaymentResponse, SubmitPaymentInput>(async () => {
      throw new Error('submitPayment is provided by its *.live.ts in src/features');
    }),
    fetchPaymentStanding: fromPromise<PaymentStanding, PaymentStandingInput>(async () => {
      throw new Error('fetchPaymentStanding is provided by its *.live.ts in src/features');
    }),
  },
  delays: {
    pollInterval: 3000,
    /** A QR code or UPI-app request unpaid by then has expired (the server's rule too). */
    attemptValidity: ATTEMPT_VALIDITY_MS,
    /** A gateway form that has not taken the browser away by then never will (blocked or lost). */
    redirectTimeout: 6000,
  },
  guards: {
    hasOrderId: ({ context }) => typeof context.orderId === 'string' && context.orderId.trim() !== '',
    isFormValid: ({ context }) => Object.keys(validateForm(context.fields, context.values)).length === 0,
    offersQrCode: ({ context }) =>
      context.fields.some((f) => f.name === 'method' && (f.options ?? []).some((o) => o.value === QR_CODE)),
    isRedirectPost: outcomeIs('redirectPost'),
    isDeeplink: outcomeIs('deeplink'),
    isQr: outcomeIs('qr'),
    isRedirect: outcomeIs('redirect'),
    isInitiated: outcomeIs('initiated'),
    isCashOnDelivery: outcomeIs('cashOnDelivery'),
    isPaidStanding: standingIs('paid'),
    isFailedStanding: standingIs('failed'),
    isExpiredStanding: standingIs('expired'),
    isOrderPayable: (_, params: { order: ApiOrder }) => isPayable(params.order?.status),
    isNotFound: (_, params: { error: unknown }) =>
      isRequestError(params.error) && params.error.status === 404,
    isFieldError: ({ context }, params: { error: unknown }) =>
      Object.keys(fieldErrorOf(params.error, visibleFieldNames(context))).length > 0,
  },
  actions: {
    assignMissingOrder: assign({ error: ORDER_ID_MISSING }),
    assignOrder: assign({ order: (_, params: { order: ApiOrder }) => toPaymentOrder(params.order) }),
    assignNotPayable: assign({ error: ORDER_NOT_PAYABLE }),
    assignOrderNotFound: assign({ error: ORDER_NOT_FOUND }),
    assignOrderFailed: assign({ error: ORDER_LOAD_FAILED }),
    // Spec §4: values reset to the defaults whenever the field list changes.
    assignFields: assign(({ context }, params: { fields: PaymentField[] }) => ({
      fields: params.fields,
      values: startingValues(params.fields, context.order, context.isPhone),
      errors: {},
      error: null,
    })),
    assignFieldsFailed: assign({ error: FIELDS_FAILED }),
    assignSubmittedValues: assign(({ context, event }) => {
      if (event.type !== 'payment.submit') return {};
      const values = { ...context.values };
      for (const [name, value] of Object.entries(event.values)) {
        values[name] = applyChange(
          context.fields.find((f) => f.name === name),
          value,
        );
      }
      return { values };
    }),
    showErrors: assign({ errors: ({ context }) => validateForm(context.fields, context.values) }),
    clearErrors: assign({ errors: {}, serverErrors: {}, error: null, outcome: null }),
    /** A payment given up (failed or expired): the form starts over without it. */
    clearOutcome: assign({ outcome: null }),
    /** The UPI app's request set aside: the same payer details, by QR code. */
    chooseQrCode: assign({
      values: ({ context }) => ({ ...context.values, method: QR_CODE }),
      outcome: null,
    }),
    assignServerFieldError: assign({
      serverErrors: ({ context }, params: { error: unknown }) =>
        fieldErrorOf(params.error, visibleFieldNames(context)),
    }),
    notifyValidationError: emit(toast('Validation Error', 'Please correct the errors in the form', 'error')),
    assignOutcome: assign({
      outcome: (_, params: { response: PaymentResponse }) => paymentOutcome(params.response),
    }),
    assignFailure: assign((_, params: { response: PaymentResponse }) => {
      const outcome = paymentOutcome(params.response);
      return { outcome, error: outcome.kind === 'failed' ? outcome.error : null };
    }),
    assignException: assign({ error: PAYMENT_EXCEPTION, outcome: null }),
    /** The server's text when it answered one, else the generic exception text. */
    assignRequestFailure: assign({
      error: (_, params: { error: unknown }) =>
        (isRequestError(params.error) && params.error.serverMessage) || PAYMENT_EXCEPTION,
      outcome: null,
    }),
    postGatewayForm: emit(({ context }) => {
      const o = context.outcome;
      return o?.kind === 'redirectPost'
        ? { type: 'postForm' as const, url: o.url, method: o.method, fields: o.fields }
        : { type: 'postForm' as const, url: '', method: 'POST', fields: {} };
    }),
    openExternalUrl: emit(({ context }) => {
      const o = context.outcome;
      return navigate(o?.kind === 'deeplink' || o?.kind === 'redirect' ? o.url : '', { external: true });
    }),
    notifyInitiated: emit(toast('Payment initiated', 'Your payment is being processed', 'success')),
    goToOrders: emit(navigate('/orders')),
    goToOrderSuccess: emit(({ context }) =>
      navigate(`/order-success?orderId=${encodeURIComponent(context.orderId ?? '')}`, { replace: true }),
    ),
    /** The confirmation says what to pay the courier: `payOnDelivery` is the amount due in rupees. */
    goToCashOnDeliverySuccess: emit(({ context }) => {
      const due = context.outcome?.kind === 'cashOnDelivery' ? context.outcome.due : 0;
      return navigate(
        `/order-success?orderId=${encodeURIComponent(context.orderId ?? '')}&payOnDelivery=${encodeURIComponent(String(due))}`,
        { replace: true },
      );
    }),
  },
}).createMachine({
  id: 'payment',
  description: 'The payment page: pay a pending order through the payment gateway.',
  context: ({ input }) => ({
    orderId: input?.orderId?.trim() || null,
    order: null,
    isPhone: input?.isPhone ?? false,
    fields: [],
    values: {},
    errors: {},
    serverErrors: {},
    outcome: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Which order is being paid?',
      always: [{ guard: 'hasOrderId', target: 'loadingOrder' }, { target: 'missingOrderId' }],
    },
    // The order first: an order already paid, or not the shopper's, is said at once (not after Pay Now).
    loadingOrder: {
      description: "Loading the order: it must be the shopper's own and still waiting for payment.",
      tags: ['loading'],
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          {
            guard: { type: 'isOrderPayable', params: ({ event }) => ({ order: event.output }) },
            target: 'loadingFields',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            target: 'notPayable',
            description: 'The order is already paid (or no longer pending).',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
              'assignNotPayable',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'orderNotFound',
            actions: 'assignOrderNotFound',
            description: "No such order, or it is not this shopper's.",
          },
          { target: 'orderFailed', actions: 'assignOrderFailed' },
        ],
      },
    },
    notPayable: { description: 'This order has nothing left to pay.', tags: ['error'], type: 'final' },
    orderNotFound: {
      description: 'The order does not exist or belongs to someone else.',
      tags: ['error'],
      type: 'final',
    },
    orderFailed: {
      description: 'The order could not be loaded; the shopper can try again.',
      tags: ['error'],
      on: { 'payment.retry': 'loadingOrder' },
    },
    missingOrderId: {
      description: 'The page was opened without an order to pay.',
      tags: ['error'],
      type: 'final',
      entry: 'assignMissingOrder',
    },
    loadingFields: {
      description: 'Loading the fields the payment gateway needs.',
      tags: ['loading'],
      invoke: {
        id: 'fetchPaymentFields',
        src: 'fetchPaymentFields',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: {
          target: 'form',
          actions: { type: 'assignFields', params: ({ event }) => ({ fields: event.output }) },
        },
        onError: { target: 'fieldsFailed', actions: 'assignFieldsFailed' },
      },
    },
    fieldsFailed: {
      description: 'The payment form could not be loaded; the shopper can try again.',
      tags: ['error'],
      on: { 'payment.retry': 'loadingFields' },
    },
    form: {
      description: "The shopper fills in the payer's details.",
      on: {
        'payment.submit': { target: 'validating', actions: 'assignSubmittedValues' },
      },
    },
    validating: {
      description: 'Are the payer details complete and well-formed?',
      always: [
        { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
        { target: 'form', actions: ['showErrors', 'notifyValidationError'] },
      ],
    },
    submitting: {
      description: 'Starting the payment with the gateway.',
      tags: ['loading'],
      invoke: {
        id: 'submitPayment',
        src: 'submitPayment',
        input: ({ context }) => ({
          orderId: context.orderId ?? '',
          fields: submittedFields(context.fields, context.values),
        }),
        onDone: [
          outcome('isRedirectPost', 'redirectPost', 'postGatewayForm'),
          outcome('isDeeplink', 'deeplink', 'openExternalUrl'),
          outcome('isQr', 'qr'),
          outcome('isRedirect', 'redirect', 'openExternalUrl'),
          outcome('isCashOnDelivery', 'cashOnDelivery'),
          outcome('isInitiated', 'initiated', 'notifyInitiated', 'goToOrders'),
          { target: 'failed', actions: { type: 'assignFailure', params: responseParams } },
        ],
        onError: [
          {
            description:
              'The server refused one visible field: back to the form, its message under that field',
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'form',
            actions: [
              { type: 'assignServerFieldError', params: ({ event }) => ({ error: event.error }) },
              'notifyValidationError',
            ],
          },
          {
            target: 'failed',
            actions: { type: 'assignRequestFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'The payment did not start (refused, no answer, or the gateway page did not open).',
      tags: ['error'],
      on: { 'payment.retry': 'form' },
    },
    qr: {
      description:
        'A UPI QR code to scan, valid for 10 minutes; the page follows the payment until it is paid, failed or expired.',
      initial: 'waiting',
      after: { attemptValidity: 'expired' },
      states: following,
    },
    deeplink: {
      description:
        'Handed over to the UPI app on this phone; the page follows the payment, and looks again when the shopper comes back or says they have paid.',
      initial: 'waiting',
      after: { attemptValidity: 'expired' },
      on: {
        'payment.payByQr': {
          guard: 'offersQrCode',
          target: 'form',
          actions: 'chooseQrCode',
          description:
            'The UPI app did not open: back to the form, the details kept and the QR code chosen, for Pay Now',
        },
      },
      states: following,
    },
    declined: {
      description: 'The payment failed at the gateway; the shopper can try again or choose another method.',
      tags: ['error'],
      on: {
        'payment.retry': { target: 'validating', description: 'A new payment by the same method' },
        'payment.changeMethod': { target: 'form', actions: 'clearOutcome' },
      },
    },
    expired: {
      description:
        'The payment was not made within its 10 minutes; the shopper can try again or choose another method.',
      tags: ['error'],
      on: {
        'payment.retry': { target: 'validating', description: 'A new payment by the same method' },
        'payment.changeMethod': { target: 'form', actions: 'clearOutcome' },
      },
    },
    paid: { description: 'Paid: on to the order confirmation.', type: 'final', entry: 'goToOrderSuccess' },
    cashOnDelivery: {
      description:
        'Cash on delivery chosen: the order is confirmed without a gateway; on to the order confirmation, which says what to pay on delivery.',
      type: 'final',
      entry: 'goToCashOnDeliverySuccess',
    },
    redirectPost: {
      description: "Opening the gateway's payment page (a form posted to the gateway).",
      tags: ['redirecting'],
      after: { redirectTimeout: { target: 'failed', actions: 'assignException' } },
      on: { 'payment.redirectBlocked': { target: 'failed', actions: 'assignException' } },
    },
    redirect: { description: "Handed over to the gateway's own payment page.", type: 'final' },
    initiated: { description: 'The payment is under way; the shopper is sent to My Orders.', type: 'final' },
  },
});
