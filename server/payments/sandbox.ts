import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import type { PaymentField } from './fields';
import { unhandledMethod } from './methods';
import { defaultOrigin } from './origin';
import type { CallbackVerdict, PaymentAction, PaymentGateway, PaymentProvider } from './provider';
import { buildUpiLink } from './upi';

export type SandboxOutcome = 'success' | 'failure';

/** HMAC-SHA256 (hex) over `attemptId|outcome|amountPaise`: what the gateway page's buttons carry. */
export function sandboxSignature(
  secret: string,
  attemptId: string,
  outcome: SandboxOutcome,
  amountPaise: number,
) {
  return createHmac('sha256', secret).update(`${attemptId}|${outcome}|${amountPaise}`).digest('hex');
}

/**
 * Payee used in sandbox UPI links when the store configures none (store config `upi`, UPI_VPA): the
 * 'sandbox' handle belongs to no bank, so a UPI app refuses it instead of paying a stranger.
 */
const SANDBOX_FALLBACK_VPA = 'statefront.sandbox@example';

export function sandboxPageUrl(
  ctx: AppContext,
  attemptId: string,
  origin = defaultOrigin(ctx.config),
): string {
  return `${origin}/api/v1/payments/sandbox/${encodeURIComponent(attemptId)}`;
}

/** Constant-time comparison of two hex digests (different lengths are simply unequal). */
export function digestsEqual(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(givenHex.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The built-in test gateway: no money moves. Every method's attempt can be approved or failed on our
 * own page (/payments/sandbox/{attemptId}), so a test, a phone scanning the QR, or a person can finish
 * a payment end to end offline.
 */
export function createSandboxProvider(ctx: AppContext): PaymentProvider {
  const { payments } = ctx.config;
  return {
    name: 'sandbox',

    fields(base: readonly PaymentField[]) {
      return base;
    },

    async start(attempt, order, _payer, method, origin) {
      const pageUrl = sandboxPageUrl(ctx, attempt.id, origin);
      const upiLink = () =>
        buildUpiLink({
          payeeVpa: payments.upiVpa || SANDBOX_FALLBACK_VPA,
          payeeName: payments.upiPayeeName || ctx.store.storeName,
          amountPaise: attempt.amountPaise,
          reference: attempt.reference,
          note: `Order ${order.id}`,
        });
      switch (method) {
        case 'card': {
          // Spec §4: the SPA posts a hidden form carrying `type`, `url` and `data[...]` to redirectUrl.
          // The page answers that POST and a plain one to formParams.url alike (the same address).
          const action: PaymentAction = {
            type: 'redirect_post',
            redirectUrl: pageUrl,
            formParams: { type: 'POST', url: pageUrl, data: { attemptId: attempt.id } },
          };
          return { action, redirectUrl: pageUrl };
        }
        case 'upi_intent': {
          const link = upiLink();
          return {
            action: { type: 'deeplink', redirectUrl: link },
            redirectUrl: pageUrl,
            providerPayload: { upiLink: link },
          };
        }
        case 'upi_qr': {
          const link = upiLink();
          // Spec §9 QR defaults: 256 px, error-correction level L.
          const png = await QRCode.toBuffer(link, {
            type: 'png',
            errorCorrectionLevel: 'L',
            width: 256,
            margin: 2,
          });
          return {
            action: { type: 'qr', qr: link, qrBase64: png.toString('base64') },
            redirectUrl: pageUrl,
            providerPayload: { upiLink: link },
          };
        }
        default:
          return unhandledMethod(method);
      }
    },

    async verifyCallback(input, attempts): Promise<CallbackVerdict> {
      const attemptId = input.params.attemptId;
      const { outcome, signature } = input.body;
      if (!attemptId || (outcome !== 'success' && outcome !== 'failure') || typeof signature !== 'string') {
        return { ok: false, kind: 'malformed', reason: 'The payment callback is incomplete' };
      }
      const attempt = await attempts.byId(attemptId);
      if (!attempt) return { ok: false, kind: 'unknown', reason: 'Payment attempt not found', attemptId };
      const expected = sandboxSignature(payments.sandboxSecret, attempt.id, outcome, attempt.amountPaise);
      if (!digestsEqual(expected, signature)) {
        return { ok: false, kind: 'rejected', reason: 'Invalid payment signature', attemptId };
      }
      return {
        ok: true,
        attemptId: attempt.id,
        outcome,
        amountPaise: attempt.amountPaise,
        providerReference: attempt.reference,
      };
    },

    // No money moved in the sandbox: the refund is only recorded.
    async refund() {
      return { status: 'recorded' as const };
    },
  };
}

/**
 * The sandbox as a registered gateway. Its gateway page lives on the shop's own origin (already in the
 * CSP), so it adds no origins. Its callback is the page's own form, answered strictly, and only while
 * it is the active gateway: once PayU is configured, an old sandbox attempt must not be approvable for free.
 */
export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  label: 'Sandbox',
  movesMoney: false,
  formActionOrigins: [],
  connectOrigins: [],
  callback: { path: '/payments/sandbox/{attemptId}/complete', strict: true },
  isEnabled: (config) => config.provider === 'sandbox',
  create: createSandboxProvider,
};
