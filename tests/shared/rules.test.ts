/**
 * One table of cases per form, run through the client's path (the zod schema Conform parses the form
 * with, and the payment machine's own check) and the server's (a real request to the Fastify app, and
 * for the payment values the validation function the handler calls). Any drift between the two sides
 * — a message, a pattern, a normalised value — fails a row.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Order } from '../../contract/schema';
import { paymentMachine, type SubmitPaymentInput } from '../../machines/payment.machine';
import type { PaymentResponse } from '../../machines/payment.model';
import { PAYMENT_FIELDS, validatePaymentFields } from '../../server/payments/fields';
import {
  FULL_NAME_REQUIRED,
  PHONE_DIGITS_INVALID,
  PHONE_REQUIRED,
  type ShippingAddress,
  type ShippingField,
  STATE_REQUIRED,
} from '../../shared/checkout-address';
import {
  type PaymentField,
  type PaymentValues,
  submittedFields,
  validateForm,
} from '../../shared/payment-fields';
import { PHONE_PREFIX_INVALID } from '../../shared/phone';
import { PIN_CODE_INVALID } from '../../shared/pincode';
import { checkoutSchema } from '../../src/forms/checkout.schema';
import { paymentFormSchema } from '../../src/forms/payment-form.schema';
import {
  API,
  bearer,
  createTestApp,
  DEFAULT_SHIPPING,
  placeOrder,
  registerAndLogin,
  type TestApp,
} from '../server/helpers';

/** What a side says about one submission: the values it keeps, or the one field it refuses and why. */
type Verdict = { ok: true; value: Record<string, unknown> } | { ok: false; field: string; message: string };

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerAndLogin(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The form's data as the browser submits it: every value a string. */
function formDataOf(values: Record<string, string | boolean>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === true) data.set(name, 'on');
    else if (value !== false) data.set(name, value);
  }
  return data;
}

/** What every side must say about a row it refuses: this field, with this message. */
const refused = <F extends string>(field: F, message: string) => ({ field, message });

/** Conform's parse of the form with a zod schema, as the page's onValidate runs it. */
function clientVerdict(schema: Parameters<typeof parseWithZod>[1]['schema'], data: FormData): Verdict {
  const submission = parseWithZod(data, { schema });
  if (submission.status === 'success')
    return { ok: true, value: submission.value as Record<string, unknown> };
  const errors = Object.entries(submission.error ?? {}).filter(([, messages]) => messages?.length);
  expect(errors, 'the client reports exactly one field').toHaveLength(1);
  const [field, messages] = errors[0] ?? ['', []];
  return { ok: false, field, message: messages?.[0] ?? '' };
}

describe('checkout address: the form (checkoutSchema) and POST /orders', () => {
  const valid: ShippingAddress = { ...DEFAULT_SHIPPING };

  async function serverVerdict(address: ShippingAddress): Promise<Verdict> {
    const catalogue = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
    const [product] = catalogue.json<{ data: { id: string }[] }>().data;
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/orders`,
      headers: bearer(token),
      payload: { products: { [product?.id ?? '']: 1 }, shippingAddress: address },
    });
    if (response.statusCode === 201)
      return { ok: true, value: response.json<Order>().shippingAddress as Record<string, unknown> };
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; field?: string }>();
    return { ok: false, field: body.field ?? '(none)', message: body.error };
  }

  const rows: Array<[string, Partial<ShippingAddress>, { field: ShippingField; message: string } | null]> = [
    ['a complete address', {}, null],
    ['a name with spaces around it', { fullName: '  Asha Verma  ' }, null],
    ['a mobile number without +91', { phone: '9876543210' }, null],
    ['a mobile number with a leading 0 and a space', { phone: '098765 43210' }, null],
    ['a mobile number with +91, spaces and a hyphen', { phone: '+91 98765-43210' }, null],
    ['a mobile number with 91 but no +', { phone: '91 98765 43210' }, null],
    ['a state in lower case', { state: 'karnataka' }, null],
    ['a blank name', { fullName: '   ' }, refused('fullName', FULL_NAME_REQUIRED)],
    ['a name of invisible characters', { fullName: '\u200B\u200D' }, refused('fullName', FULL_NAME_REQUIRED)],
    ['a state that is not one', { state: 'Atlantis' }, refused('state', STATE_REQUIRED)],
    ['a PIN code starting with 0', { postalCode: '012345' }, refused('postalCode', PIN_CODE_INVALID)],
    ['a PIN code of five digits', { postalCode: '56003' }, refused('postalCode', PIN_CODE_INVALID)],
    ['a PIN code with letters', { postalCode: '56OO38' }, refused('postalCode', PIN_CODE_INVALID)],
    ['a phone holding only +91', { phone: '+91' }, refused('phone', PHONE_REQUIRED)],
    ['another country’s number', { phone: '+44 7911 123456' }, refused('phone', PHONE_PREFIX_INVALID)],
    ['a number too short to be a mobile', { phone: '+91 98765' }, refused('phone', PHONE_DIGITS_INVALID)],
    ['a number with a letter', { phone: '+91987654321O' }, refused('phone', PHONE_DIGITS_INVALID)],
  ];

  it.each(rows)('agrees on %s', async (_, change, expected) => {
    const address = { ...valid, ...change };
    const client = clientVerdict(checkoutSchema, formDataOf(address));
    const server = await serverVerdict(address);
    expect(client).toEqual(server);
    if (expected) expect(server).toEqual({ ok: false, ...expected });
    else expect(server.ok).toBe(true);
  });

  it('stores every accepted way of writing the number as +91 and 10 digits', async () => {
    for (const phone of ['9876543210', '098765 43210', '+91 98765-43210', '91 98765 43210']) {
      const server = await serverVerdict({ ...valid, phone });
      expect(server).toMatchObject({ ok: true, value: { phone: '+919876543210' } });
    }
  });
});

describe('payment form: the form (zod schema and the payment machine) and POST /payments', () => {
  let orderId: string;
  /** The definitions exactly as the browser receives them. */
  let fields: PaymentField[];

  beforeAll(async () => {
    orderId = (await placeOrder(t.app, token)).id;
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/payments/fields`,
      headers: bearer(token),
    });
    fields = response.json<{ fields: PaymentField[] }>().fields;
  });

  const held: PaymentValues = {
    payerName: 'Asha Verma',
    email: 'asha@example.in',
    phone: '+919876543210',
    method: 'upi_qr',
    businessName: '',
    gstin: '',
  };

  async function serverVerdict(values: PaymentValues): Promise<Verdict> {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments`,
      headers: bearer(token),
      payload: { orderId, fields: submittedFields(fields, values) },
    });
    if (response.statusCode === 200) return { ok: true, value: submittedFields(fields, values) };
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; field?: string }>();
    return { ok: false, field: body.field ?? '(none)', message: body.error };
  }

  function machineVerdict(values: PaymentValues): Verdict {
    const errors = Object.entries(validateForm(fields, values));
    if (errors.length === 0) return { ok: true, value: submittedFields(fields, values) };
    expect(errors).toHaveLength(1);
    const [field, message] = errors[0] ?? ['', ''];
    return { ok: false, field, message };
  }

  const gstin = (value: string) => ({ businessName: 'Verma Textiles', gstin: value });
  const GSTIN_FORMAT = `${PAYMENT_FIELDS.find((f) => f.name === 'gstin')?.formatMessage}`;
  const PHONE_FORMAT = 'Invalid phone number format';
  const rows: Array<[string, PaymentValues, { field: string; message: string } | null]> = [
    ['every required field filled', {}, null],
    ['a GST invoice with a valid GSTIN', gstin('22AAAAA0000A1Z5'), null],
    ['a name with spaces around it', { payerName: '  Asha Verma ' }, null],
    ['a blank name', { payerName: '  ' }, refused('payerName', 'Please enter your name')],
    ['a one-letter name', { payerName: 'A' }, refused('payerName', 'Must be at least 2 characters')],
    [
      'a name over 100 characters',
      { payerName: 'A'.repeat(101) },
      refused('payerName', 'Must be no more than 100 characters'),
    ],
    [
      'an email without a dot',
      { email: 'asha@example' },
      refused('email', 'Please enter a valid email address'),
    ],
    ['a phone holding only +91', { phone: '+91' }, refused('phone', PHONE_PREFIX_INVALID)],
    ["another country's phone", { phone: '+449876543210' }, refused('phone', PHONE_PREFIX_INVALID)],
    [
      'ten digits that are no Indian mobile (it starts 6–9)',
      { phone: '+91 58765 43210' },
      refused('phone', PHONE_FORMAT),
    ],
    [
      'a short phone',
      { phone: '+9198765' },
      refused('phone', 'Phone number must have at least 13 characters'),
    ],
    [
      'a long phone',
      { phone: '+9198765432100' },
      refused('phone', 'Phone number must have no more than 13 characters'),
    ],
    ['a phone with a letter', { phone: '+91987654321a' }, refused('phone', PHONE_FORMAT)],
    [
      'a method that is not offered',
      { method: 'cash' },
      refused('method', 'Please choose one of the options'),
    ],
    [
      'a business name without a GSTIN',
      gstin(''),
      refused('gstin', 'Please enter the GSTIN for the invoice'),
    ],
    ['a GSTIN of 8 characters', gstin('GSTIN123'), refused('gstin', `${GSTIN_FORMAT}; this has 8`)],
    ['a GSTIN in lower case', gstin('22aaaaa0000a1z5'), refused('gstin', GSTIN_FORMAT)],
  ];

  it.each(rows)('agrees on %s', async (_, change, expected) => {
    const values = { ...held, ...change };
    const form = clientVerdict(paymentFormSchema(fields), formDataOf(values));
    const machine = machineVerdict(values);
    const server = await serverVerdict(values);
    expect(form.ok ? { ok: true } : form).toEqual(server.ok ? { ok: true } : server);
    expect(machine).toEqual(server);
    if (expected) expect(server).toEqual({ ok: false, ...expected });
    else expect(server.ok).toBe(true);
    // The values the handler keeps are the ones the machine sends, minus blanks.
    if (server.ok)
      expect(validatePaymentFields(fields, submittedFields(fields, values))).toEqual(
        Object.fromEntries(Object.entries(submittedFields(fields, values)).filter(([, v]) => v !== '')),
      );
  });

  it('agrees on a pattern that is not anchored: it must match the whole value on both sides', () => {
    const definitions: PaymentField[] = [
      { name: 'pin', label: 'PIN', type: 'text', rules: { required: true, pattern: '[1-9][0-9]{5}' } },
    ];
    for (const [value, message] of [
      ['560001', null],
      ['PIN 560001', 'Invalid format'],
      ['5600012', 'Invalid format'],
    ] as const) {
      const form = clientVerdict(paymentFormSchema(definitions), formDataOf({ pin: value }));
      let server: string | null = null;
      try {
        validatePaymentFields(definitions, { pin: value });
      } catch (error) {
        server = (error as Error).message;
      }
      expect(form.ok ? null : form.message, value).toBe(message);
      expect(validateForm(definitions, { pin: value }).pin ?? null, value).toBe(message);
      expect(server, value).toBe(message);
    }
  });

  it('pays with what the machine sends when the shopper types a phone the usual ways', async () => {
    for (const typed of ['98765 43210', '+91 98765-43210', '098765-43210']) {
      const answers: number[] = [];
      const actor = createActor(
        paymentMachine.provide({
          actors: {
            fetchOrder: fromPromise(async () => {
              const response = await t.app.inject({
                method: 'GET',
                url: `${API}/orders/${orderId}`,
                headers: bearer(token),
              });
              return response.json<Order>();
            }),
            fetchPaymentFields: fromPromise(async () => fields),
            // The machine's request goes to the real server.
            submitPayment: fromPromise<PaymentResponse, SubmitPaymentInput>(async ({ input }) => {
              const response = await t.app.inject({
                method: 'POST',
                url: `${API}/payments`,
                headers: bearer(token),
                payload: input,
              });
              answers.push(response.statusCode);
              return response.json<PaymentResponse>();
            }),
          },
        }),
        { input: { orderId } },
      ).start();
      await waitFor(actor, (s) => s.matches('form'));
      actor.send({ type: 'payment.submit', values: { ...held, phone: typed } });
      await waitFor(actor, (s) => !s.hasTag('loading'));
      expect(answers, typed).toEqual([200]);
      expect(actor.getSnapshot().value, typed).toEqual({ qr: 'waiting' });
      actor.stop();
    }
  });
});
