import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { PaymentField } from './fields';
import { unhandledMethod } from './methods';
import { parseRupees, rupeesString } from './money';
import { defaultOrigin } from './origin';
import type { CallbackVerdict, PaymentGateway, PaymentProvider, RefundOutcome } from './provider';
import { digestsEqual } from './sandbox';

export const PAYU_PAYMENT_URLS = {
  test: 'https://test.payu.in/_payment',
  live: 'https://secure.payu.in/_payment',
} as const;

/** PayU's merchant API ("postservice"): refunds are its `cancel_refund_transaction` command. */
const PAYU_POSTSERVICE_URLS = {
  test: 'https://test.payu.in/merchant/postservice.php?form=2',
  live: 'https://info.payu.in/merchant/postservice.php?form=2',
} as const;

/** How long a refund request may take before it counts as failed. */
const PAYU_REFUND_TIMEOUT_MS = 10_000;

/** What the PayU provider calls out with; tests pass a fake fetch. */
export interface PayuDeps {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface PayuRequestParams {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

export interface PayuResponseParams extends PayuRequestParams {
  status: string;
  /** Present when PayU added a convenience fee; it then leads the reverse-hash string. */
  additionalCharges?: string;
}

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/**
 * Request hash of PayU's _payment API (docs.payu.in "Generate Hash"):
 * sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 */
export function payuRequestHash(p: PayuRequestParams, salt: string): string {
  return sha512(
    [
      p.key,
      p.txnid,
      p.amount,
      p.productinfo,
      p.firstname,
      p.email,
      p.udf1 ?? '',
      p.udf2 ?? '',
      p.udf3 ?? '',
      p.udf4 ?? '',
      p.udf5 ?? '',
      '',
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

/**
 * Reverse hash PayU posts back to surl/furl (docs.payu.in "Transaction Callback" / "Collect Additional
 * Charges"): sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 */
export function payuResponseHash(p: PayuResponseParams, salt: string): string {
  const parts = [
    salt,
    p.status,
    '',
    '',
    '',
    '',
    '',
    p.udf5 ?? '',
    p.udf4 ?? '',
    p.udf3 ?? '',
    p.udf2 ?? '',
    p.udf1 ?? '',
    p.email,
    p.firstname,
    p.productinfo,
    p.amount,
    p.txnid,
    p.key,
  ];
  if (p.additionalCharges) parts.unshift(p.additionalCharges);
  return sha512(parts.join('|'));
}

// '|' would shift every later field of the hash string; PayU also rejects control characters.
function clean(value: string, max: number): string {
  return value
    .replace(/[|\p{Cc}]/gu, ' ')
    .trim()
    .slice(0, max);
}

/** The hash of a postservice command: sha512(key|command|var1|SALT). */
function payuCommandHash(key: string, command: string, var1: string, salt: string): string {
  return sha512(`${key}|${command}|${var1}|${salt}`);
}

/**
 * Asks PayU to refund `amountPaise` of the payment `mihpayid` under our unique `refundId` (var2).
 * PayU answers JSON; `status: 1` means it accepted (queued) the refund. Anything else, an unreadable
 * answer, a network error or no answer within the timeout is a failure, with the reason kept.
 */
async function payuRefund(
  payu: { key: string; salt: string; mode: 'test' | 'live' },
  mihpayid: string,
  amountPaise: number,
  refundId: string,
  deps: PayuDeps = {},
): Promise<RefundOutcome> {
  const command = 'cancel_refund_transaction';
  const form = new URLSearchParams({
    key: payu.key,
    command,
    var1: mihpayid,
    var2: refundId,
    var3: rupeesString(amountPaise),
    hash: payuCommandHash(payu.key, command, mihpayid, payu.salt),
  });
  const doFetch = deps.fetch ?? fetch;
  try {
    const response = await doFetch(PAYU_POSTSERVICE_URLS[payu.mode], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(deps.timeoutMs ?? PAYU_REFUND_TIMEOUT_MS),
    });
    const text = await response.text();
    let answer: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') answer = parsed as Record<string, unknown>;
    } catch {
      answer = null;
    }
    if (!answer)
      return { status: 'failed', error: `PayU answered ${response.status}: ${text.slice(0, 300)}` };
    const message = typeof answer.msg === 'string' ? answer.msg : null;
    const reference = answer.request_id ?? answer.mihpayid;
    if (response.ok && Number(answer.status) === 1) {
      return {
        status: 'queued',
        gatewayReference: reference === undefined || reference === null ? null : String(reference),
      };
    }
    return {
      status: 'failed',
      error: message ?? `PayU answered ${response.status}: ${text.slice(0, 300)}`,
    };
  } catch (error) {
    return { status: 'failed', error: `PayU refund request failed: ${(error as Error).message}` };
  }
}

/** PayU posts the shopper's browser back here (surl and furl alike), under /api/v1. */
const PAYU_CALLBACK_PATH = '/payments/payu/callback';

function payuCallbackUrl(ctx: AppContext, origin = defaultOrigin(ctx.config)): string {
  return `${origin}/api/v1${PAYU_CALLBACK_PATH}`;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** PayU hosted checkout: the shopper's browser posts a hashed form to PayU, PayU posts back to surl/furl. */
export function createPayuProvider(ctx: AppContext, deps: PayuDeps = {}): PaymentProvider {
  const payu = ctx.config.payments.payu;
  if (!payu) throw new Error('PayU is selected but PAYU_KEY / PAYU_SALT are not configured');
  return {
    name: 'payu',

    // UPI intent and QR happen on PayU's page too, so PayU confirms every method.
    fields(base: readonly PaymentField[]) {
      return base.map((field) =>
        field.name === 'method'
          ? {
              ...field,
              description: 'You continue on PayU’s secure page to pay by UPI, card or net banking.',
            }
          : field,
      );
    },

    async start(attempt, order, payer, method, origin) {
      const params: PayuRequestParams = {
        key: payu.key,
        txnid: attempt.reference,
        amount: rupeesString(attempt.amountPaise),
        productinfo: clean(`Order ${order.id}`, 100),
        firstname: clean(payer.name, 60),
        email: clean(payer.email, 100),
      };
      const callbackUrl = payuCallbackUrl(ctx, origin);
      const data: Record<string, string> = {
        ...(params as unknown as Record<string, string>),
        // PayU wants the 10-digit mobile number.
        phone: payer.phone.replace(/^\+91/, ''),
        surl: callbackUrl,
        furl: callbackUrl,
        hash: payuRequestHash(params, payu.salt),
      };
      switch (method) {
        case 'card':
          data.enforce_paymethod = 'creditcard|debitcard|netbanking';
          break;
        // PayU's page offers UPI (app and QR) among its own methods; nothing to narrow.
        case 'upi_intent':
        case 'upi_qr':
          break;
        default:
          unhandledMethod(method);
      }
      const url = PAYU_PAYMENT_URLS[payu.mode];
      return {
        action: { type: 'redirect_post', formParams: { type: 'POST', url, data } },
        providerPayload: { gatewayUrl: url, productinfo: params.productinfo },
      };
    },

    async verifyCallback(input, attempts): Promise<CallbackVerdict> {
      const body = input.body;
      const txnid = str(body.txnid);
      const status = str(body.status);
      const amount = str(body.amount);
      const hash = str(body.hash);
      if (!txnid || !status || !amount || !hash) {
        return {
          ok: false,
          kind: 'malformed',
          reason: 'The PayU callback lacks txnid, status, amount or hash',
        };
      }
      const attempt = await attempts.byReference(txnid);
      if (!attempt) return { ok: false, kind: 'unknown', reason: `Unknown PayU txnid ${txnid}` };
      const expected = payuResponseHash(
        {
          key: payu.key,
          txnid,
          amount,
          productinfo: str(body.productinfo) ?? '',
          firstname: str(body.firstname) ?? '',
          email: str(body.email) ?? '',
          udf1: str(body.udf1),
          udf2: str(body.udf2),
          udf3: str(body.udf3),
          udf4: str(body.udf4),
          udf5: str(body.udf5),
          status,
          additionalCharges: str(body.additionalCharges) ?? str(body.additional_charges),
        },
        payu.salt,
      );
      if (str(body.key) !== payu.key || !digestsEqual(expected, hash)) {
        return { ok: false, kind: 'rejected', reason: 'PayU callback hash mismatch', attemptId: attempt.id };
      }
      const amountPaise = parseRupees(amount);
      if (amountPaise === null) {
        return {
          ok: false,
          kind: 'rejected',
          reason: `Unreadable PayU amount ${amount}`,
          attemptId: attempt.id,
        };
      }
      return {
        ok: true,
        attemptId: attempt.id,
        // PayU: anything but 'success' (failure, pending) must be treated as failed.
        outcome: status === 'success' ? 'success' : 'failure',
        amountPaise,
        providerReference: str(body.mihpayid) ?? null,
        details: {
          status,
          mihpayid: str(body.mihpayid),
          mode: str(body.mode),
          error: str(body.error_Message) ?? str(body.error),
        },
      };
    },

    async refund(attempt, amountPaise, refundId) {
      // var1 is PayU's payment id (mihpayid), which only its callback told us.
      if (!attempt.gatewayPaymentId)
        return {
          status: 'failed',
          error: 'PayU sent no mihpayid for this payment: refund it from the PayU dashboard',
        };
      return payuRefund(payu, attempt.gatewayPaymentId, amountPaise, refundId, deps);
    },
  };
}

/** PayU hosted checkout as a registered gateway: the browser posts to PayU (test or live) and back. */
export const payuGateway: PaymentGateway = {
  name: 'payu',
  label: 'PayU',
  movesMoney: true,
  formActionOrigins: Object.values(PAYU_PAYMENT_URLS).map((url) => new URL(url).origin),
  connectOrigins: [],
  callback: { path: PAYU_CALLBACK_PATH, strict: false },
  isEnabled: (config) => config.payu !== null,
  create: createPayuProvider,
};
