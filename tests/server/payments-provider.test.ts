import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppContext, PaymentsConfig } from '../../server/context';
import { OrderStatus } from '../../server/db/schema';
import { PAYMENT_METHODS, type PaymentMethod } from '../../server/payments/fields';
import { newAttemptId, newPaymentReference } from '../../server/payments/ids';
import { isPaymentMethod, unhandledMethod } from '../../server/payments/methods';
import { parseRupees, rupeesString } from '../../server/payments/money';
import {
  createPayuProvider,
  PAYU_PAYMENT_URLS,
  type PayuResponseParams,
  payuRequestHash,
  payuResponseHash,
} from '../../server/payments/payu';
import type { AttemptLookup, PayableOrder, PaymentAttempt } from '../../server/payments/provider';
import { activeProvider } from '../../server/payments/registry';
import { createSandboxProvider, sandboxSignature } from '../../server/payments/sandbox';
import { renderSandboxPage, SANDBOX_TITLE, sandboxPageCsp } from '../../server/payments/sandbox-page';
import { buildUpiLink } from '../../server/payments/upi';
import { formatRupees } from '../../shared/money';
import { withPayuHash } from './payu';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

function fakeCtx(payments: Partial<PaymentsConfig> = {}): AppContext {
  return {
    config: {
      publicUrl: 'https://shop.example.in',
      payments: {
        provider: 'sandbox',
        sandboxSecret: 'sandbox-secret',
        payu: null,
        upiVpa: 'statefront@upi',
        upiPayeeName: 'Statefront Clothing',
        ...payments,
      },
    },
    store: { storeName: 'Statefront' },
  } as unknown as AppContext;
}

const ORDER: PayableOrder = { id: 'SF-7K2M9Q4XH3TB8N6C', userId: 'u1', status: 0, totalPaise: 159_800 };
const ATTEMPT: PaymentAttempt = {
  id: 'attempt-1',
  orderId: ORDER.id,
  provider: 'sandbox',
  method: 'upi_qr',
  reference: 'SFP0123456789ABCDEF',
  amountPaise: 159_800,
  status: 'created',
};
const PAYER = { name: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210' };
/** The hashed fields of a PayU payment of ORDER by PAYER (no udfs). */
const PAYU_REQUEST = {
  key: 'gtKFFx',
  txnid: ATTEMPT.reference,
  amount: '1598.00',
  productinfo: `Order ${ORDER.id}`,
  firstname: 'Asha Verma',
  email: 'asha@example.in',
};

function lookupOf(...attempts: PaymentAttempt[]): AttemptLookup {
  return {
    byId: async (id) => attempts.find((a) => a.id === id) ?? null,
    byReference: async (reference) => attempts.find((a) => a.reference === reference) ?? null,
  };
}

describe('money', () => {
  it('formats paise as rupees with two decimals without float error', () => {
    expect(rupeesString(159_800)).toBe('1598.00');
    expect(rupeesString(5)).toBe('0.05');
    expect(rupeesString(1_999)).toBe('19.99');
  });

  it('parses gateway amounts to paise and refuses anything else', () => {
    expect(parseRupees('1598.00')).toBe(159_800);
    expect(parseRupees('1598.5')).toBe(159_850);
    expect(parseRupees('1598')).toBe(159_800);
    expect(parseRupees('1598.001')).toBeNull();
    expect(parseRupees('-1')).toBeNull();
    expect(parseRupees('1e3')).toBeNull();
  });

  it('formats amounts the en-IN way with the rupee sign', () => {
    expect(formatRupees(12_345_600)).toBe('₹1,23,456.00');
  });
});

describe('ids', () => {
  it('makes 128-bit base64url attempt ids and distinct alphanumeric references', () => {
    expect(newAttemptId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const reference = newPaymentReference();
    expect(reference).toMatch(/^SFP[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(Array.from({ length: 200 }, newPaymentReference)).size).toBe(200);
  });
});

describe('buildUpiLink', () => {
  it('emits the NPCI linking parameters with percent-encoding when given a payee and an order', () => {
    const link = buildUpiLink({
      payeeVpa: 'statefront@upi',
      payeeName: 'Statefront & Sons',
      amountPaise: 159_800,
      reference: 'SFP0123456789ABCDEF',
      note: 'Order SF-7K2M9Q4XH3TB8N6C',
    });
    expect(link).toBe(
      'upi://pay?pa=statefront@upi&pn=Statefront%20%26%20Sons&am=1598.00&cu=INR&tr=SFP0123456789ABCDEF&tn=Order%20SF-7K2M9Q4XH3TB8N6C',
    );
    const params = new URL(link).searchParams;
    expect(params.get('pn')).toBe('Statefront & Sons');
    expect(params.get('tn')).toBe('Order SF-7K2M9Q4XH3TB8N6C');
  });
});

describe('payuRequestHash', () => {
  it("matches PayU's published example digest when udf2 and udf4 are posted", () => {
    // Example from PayU's hash-generation documentation (key C0Dr8m, salt 3sf0jURk).
    const hash = payuRequestHash(
      {
        key: 'C0Dr8m',
        txnid: '12345',
        amount: '10',
        productinfo: 'Shopping',
        firstname: 'Test',
        email: 'test@test.com',
        udf2: 'abc',
        udf4: '15',
      },
      '3sf0jURk',
    );
    expect(hash).toBe(
      'ffcdbf04fa5beefdcc2dd476c18bc410f02b3968e7f4f54e8f43f1e1a310bb32e3b4dec9305232bb89db5b1d0c009a53bcace6f4bd8ec2f695baf3d43ba730ce',
    );
  });

  it('hashes the documented pipe sequence with empty udfs when none are posted', () => {
    expect(payuRequestHash(PAYU_REQUEST, 'salt42')).toBe(
      sha512(
        'gtKFFx|SFP0123456789ABCDEF|1598.00|Order SF-7K2M9Q4XH3TB8N6C|Asha Verma|asha@example.in|||||||||||salt42',
      ),
    );
  });
});

describe('payuResponseHash', () => {
  const response: PayuResponseParams = { ...PAYU_REQUEST, status: 'success' };

  it('hashes the reversed sequence starting with the salt', () => {
    expect(payuResponseHash(response, 'salt42')).toBe(
      sha512(
        'salt42|success|||||||||||asha@example.in|Asha Verma|Order SF-7K2M9Q4XH3TB8N6C|1598.00|SFP0123456789ABCDEF|gtKFFx',
      ),
    );
  });

  it('puts udf5 first and udf1 last among the udfs', () => {
    expect(payuResponseHash({ ...response, udf1: 'one', udf5: 'five' }, 'salt42')).toBe(
      sha512(
        'salt42|success||||||five||||one|asha@example.in|Asha Verma|Order SF-7K2M9Q4XH3TB8N6C|1598.00|SFP0123456789ABCDEF|gtKFFx',
      ),
    );
  });

  it('leads with additional charges when PayU added them', () => {
    expect(payuResponseHash({ ...response, additionalCharges: '20.00' }, 'salt42')).toBe(
      sha512(
        '20.00|salt42|success|||||||||||asha@example.in|Asha Verma|Order SF-7K2M9Q4XH3TB8N6C|1598.00|SFP0123456789ABCDEF|gtKFFx',
      ),
    );
  });
});

describe('PayU provider', () => {
  const ctx = fakeCtx({ provider: 'payu', payu: { key: 'gtKFFx', salt: 'salt42', mode: 'test' } });
  const provider = createPayuProvider(ctx);
  const payuAttempt: PaymentAttempt = { ...ATTEMPT, provider: 'payu', method: 'card' };

  function callback(overrides: Record<string, string> = {}) {
    return withPayuHash(
      {
        ...PAYU_REQUEST,
        txnid: payuAttempt.reference,
        status: 'success',
        mihpayid: '403993715521937',
        ...overrides,
      },
      'salt42',
    );
  }

  it('starts a hosted checkout form post with the request hash when paying by card', async () => {
    const started = await provider.start(payuAttempt, ORDER, PAYER, 'card');
    expect(started.action.type).toBe('redirect_post');
    const form = started.action.formParams!;
    expect(form.type).toBe('POST');
    expect(form.url).toBe(PAYU_PAYMENT_URLS.test);
    expect(form.data).toMatchObject({
      ...PAYU_REQUEST,
      txnid: payuAttempt.reference,
      phone: '9876543210',
      surl: 'https://shop.example.in/api/v1/payments/payu/callback',
      furl: 'https://shop.example.in/api/v1/payments/payu/callback',
    });
    expect(form.data.hash).toBe(
      sha512(
        `gtKFFx|${payuAttempt.reference}|1598.00|Order ${ORDER.id}|Asha Verma|asha@example.in|||||||||||salt42`,
      ),
    );
  });

  it('posts to the live endpoint when PAYU_MODE is live', async () => {
    const live = createPayuProvider(
      fakeCtx({ provider: 'payu', payu: { key: 'k', salt: 's', mode: 'live' } }),
    );
    const started = await live.start(payuAttempt, ORDER, PAYER, 'upi_qr');
    expect(started.action.formParams?.url).toBe('https://secure.payu.in/_payment');
  });

  it('strips pipes from values when they would shift the hash fields', async () => {
    const started = await provider.start(payuAttempt, ORDER, { ...PAYER, name: 'Asha|Verma' }, 'card');
    expect(started.action.formParams?.data.firstname).toBe('Asha Verma');
  });

  it('accepts a callback when its reverse hash is genuine', async () => {
    const verdict = await provider.verifyCallback({ params: {}, body: callback() }, lookupOf(payuAttempt));
    expect(verdict).toMatchObject({
      ok: true,
      attemptId: payuAttempt.id,
      outcome: 'success',
      amountPaise: 159_800,
      providerReference: '403993715521937',
    });
  });

  it('reports failure when PayU says the payment failed or is pending', async () => {
    for (const status of ['failure', 'pending']) {
      const verdict = await provider.verifyCallback(
        { params: {}, body: callback({ status }) },
        lookupOf(payuAttempt),
      );
      expect(verdict).toMatchObject({ ok: true, outcome: 'failure' });
    }
  });

  it('rejects a callback when a field was tampered with after hashing', async () => {
    const body = { ...callback(), status: 'success', amount: '1.00' };
    const tampered = await provider.verifyCallback({ params: {}, body }, lookupOf(payuAttempt));
    expect(tampered).toMatchObject({ ok: false, kind: 'rejected' });
    const forged = await provider.verifyCallback(
      { params: {}, body: { ...callback(), hash: 'f'.repeat(128) } },
      lookupOf(payuAttempt),
    );
    expect(forged).toMatchObject({ ok: false, kind: 'rejected' });
  });

  it('reports the amount PayU took when it differs from the attempt', async () => {
    const verdict = await provider.verifyCallback(
      { params: {}, body: callback({ amount: '1.00' }) },
      lookupOf(payuAttempt),
    );
    expect(verdict).toMatchObject({ ok: true, amountPaise: 100 });
  });

  it('rejects a callback for an unknown txnid or with fields missing', async () => {
    expect(
      await provider.verifyCallback(
        { params: {}, body: callback({ txnid: 'SFPNOPE' }) },
        lookupOf(payuAttempt),
      ),
    ).toMatchObject({ ok: false, kind: 'unknown' });
    const { hash: _hash, ...noHash } = callback();
    expect(await provider.verifyCallback({ params: {}, body: noHash }, lookupOf(payuAttempt))).toMatchObject({
      ok: false,
      kind: 'malformed',
    });
  });
});

describe('sandbox provider', () => {
  const ctx = fakeCtx();
  const provider = createSandboxProvider(ctx);
  const pageUrl = `https://shop.example.in/api/v1/payments/sandbox/${ATTEMPT.id}`;

  it('answers a UPI QR action with the link, a PNG and the sandbox page when paying by QR', async () => {
    const started = await provider.start(ATTEMPT, ORDER, PAYER, 'upi_qr');
    expect(started.action.type).toBe('qr');
    const link = new URL(started.action.qr!);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: 'statefront@upi',
      pn: 'Statefront Clothing',
      am: '1598.00',
      cu: 'INR',
      tr: ATTEMPT.reference,
      tn: `Order ${ORDER.id}`,
    });
    const png = Buffer.from(started.action.qrBase64!, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(started.redirectUrl).toBe(pageUrl);
  });

  it('answers a deeplink to the same UPI link when paying with a UPI app', async () => {
    const started = await provider.start({ ...ATTEMPT, method: 'upi_intent' }, ORDER, PAYER, 'upi_intent');
    expect(started.action).toEqual({
      type: 'deeplink',
      redirectUrl: expect.stringMatching(/^upi:\/\/pay\?pa=/),
    });
  });

  it('answers a form to its own page when paying by card', async () => {
    const started = await provider.start({ ...ATTEMPT, method: 'card' }, ORDER, PAYER, 'card');
    expect(started.action).toEqual({
      type: 'redirect_post',
      redirectUrl: pageUrl,
      formParams: { type: 'POST', url: pageUrl, data: { attemptId: ATTEMPT.id } },
    });
    expect(started.redirectUrl).toBe(pageUrl);
  });

  it('accepts a callback signed with the secret over attempt, outcome and amount', async () => {
    const signature = createHmac('sha256', 'sandbox-secret')
      .update(`${ATTEMPT.id}|success|159800`)
      .digest('hex');
    expect(sandboxSignature('sandbox-secret', ATTEMPT.id, 'success', 159_800)).toBe(signature);
    const verdict = await provider.verifyCallback(
      { params: { attemptId: ATTEMPT.id }, body: { outcome: 'success', signature } },
      lookupOf(ATTEMPT),
    );
    expect(verdict).toMatchObject({ ok: true, outcome: 'success', amountPaise: 159_800 });
  });

  it('rejects a signature made for the other outcome or another secret', async () => {
    const forFailure = sandboxSignature('sandbox-secret', ATTEMPT.id, 'failure', 159_800);
    const otherSecret = sandboxSignature('guess', ATTEMPT.id, 'success', 159_800);
    for (const signature of [forFailure, otherSecret, 'abc']) {
      const verdict = await provider.verifyCallback(
        { params: { attemptId: ATTEMPT.id }, body: { outcome: 'success', signature } },
        lookupOf(ATTEMPT),
      );
      expect(verdict).toMatchObject({ ok: false, kind: 'rejected' });
    }
  });
});

describe('payment methods', () => {
  const sandbox = createSandboxProvider(fakeCtx());
  const payu = createPayuProvider(fakeCtx({ provider: 'payu', payu: { key: 'k', salt: 's', mode: 'test' } }));

  it('fails loudly instead of answering a UPI QR when a provider is given a method it does not handle', async () => {
    const netbanking = 'netbanking' as PaymentMethod as never;
    for (const provider of [sandbox, payu]) {
      await expect(provider.start(ATTEMPT, ORDER, PAYER, netbanking)).rejects.toThrow(
        'Payment method "netbanking" is not handled here',
      );
    }
  });

  it('does not compile a switch over the methods that leaves one out', () => {
    const label = (method: PaymentMethod) => {
      switch (method) {
        case 'card':
          return 'card';
        case 'upi_intent':
          return 'UPI app';
        default:
          // @ts-expect-error upi_qr is not handled above, so `method` is not `never` here
          return unhandledMethod(method);
      }
    };
    expect(label('card')).toBe('card');
    expect(() => label('upi_qr')).toThrow('Payment method "upi_qr" is not handled here');
  });

  it('knows exactly the methods of the payment form', () => {
    expect(PAYMENT_METHODS.filter(isPaymentMethod)).toEqual([...PAYMENT_METHODS]);
    expect(['netbanking', 'UPI_QR', '', 1, null].some(isPaymentMethod)).toBe(false);
  });
});

describe('activeProvider', () => {
  it('chooses the sandbox by default and PayU when it is configured', () => {
    expect(activeProvider(fakeCtx()).name).toBe('sandbox');
    expect(
      activeProvider(fakeCtx({ provider: 'payu', payu: { key: 'k', salt: 's', mode: 'test' } })).name,
    ).toBe('payu');
  });
});

describe('renderSandboxPage', () => {
  const input = {
    attempt: ATTEMPT,
    orderId: ORDER.id,
    orderStatus: OrderStatus.Pending,
    storeName: 'Statefront <Clothing>',
    publicUrl: 'https://shop.example.in',
    secret: 'sandbox-secret',
  };

  it('shows the label, store, order, amount and two signed buttons when the attempt is open', () => {
    const html = renderSandboxPage(input);
    expect(html).toContain(SANDBOX_TITLE);
    expect(html).toContain('Statefront &lt;Clothing&gt;');
    expect(html).toContain(ORDER.id);
    expect(html).toContain('Pay ₹1,598.00');
    expect(html).toContain('Fail payment');
    expect(html).toContain(`value="${sandboxSignature('sandbox-secret', ATTEMPT.id, 'success', 159_800)}"`);
    expect(html).toContain(`value="${sandboxSignature('sandbox-secret', ATTEMPT.id, 'failure', 159_800)}"`);
    expect(html).not.toContain('<script');
  });

  it('shows the result instead of buttons when the attempt is finished', () => {
    const html = renderSandboxPage({ ...input, attempt: { ...ATTEMPT, status: 'succeeded' } });
    expect(html).toContain('This payment succeeded.');
    expect(html).not.toContain('Fail payment');
  });

  it('allows only its own inline style when read as a CSP', () => {
    const csp = sandboxPageCsp('https://shop.example.in');
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' https://shop.example.in");
    const style = /<style>(.*)<\/style>/s.exec(renderSandboxPage(input))?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
  });
});
