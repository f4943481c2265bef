/** Reading the payment answers (spec §3 Payment field definition / submit response, §4 Payment outcome). */

import type { PaymentField } from '../shared/payment-fields';

export { ATTEMPT_VALIDITY_MS } from '../shared/payment-fields';

import type { components, PaymentAction } from '../contract/schema';

export type PaymentResponse = components['schemas']['PaymentResponse'];

const UNKNOWN_PAYMENT_ERROR = 'Unknown error occurred during payment process';
export const QR_SIZE = 256;
export const QR_LEVEL = 'L';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const FIELD_TYPES = new Set(['text', 'email', 'password', 'number', 'tel', 'textarea', 'select', 'checkbox']);

function isField(v: unknown): v is PaymentField {
  return (
    isRecord(v) &&
    typeof v.name === 'string' &&
    v.name !== '' &&
    typeof v.label === 'string' &&
    typeof v.type === 'string' &&
    FIELD_TYPES.has(v.type)
  );
}

/** GET /payments/fields answers an array or `{ fields: [...] }`; anything else is an empty list. */
export function parsePaymentFields(body: unknown): PaymentField[] {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.fields) ? body.fields : [];
  return list.filter(isField);
}

export type PaymentOutcome =
  | { kind: 'redirectPost'; url: string; method: string; fields: Record<string, string> }
  /** `attemptId` names the attempt to follow (GET /payments/{attemptId}); `gatewayUrl` as for `qr`. */
  | { kind: 'deeplink'; url: string; attemptId?: string; gatewayUrl?: string }
  /**
   * `gatewayUrl` is the answer's top-level redirectUrl: the gateway's own page for the same payment
   * (the sandbox's approve/fail page), so a tester without a phone can still finish a QR payment.
   */
  | { kind: 'qr'; qr: string | null; qrBase64: string | null; gatewayUrl?: string; attemptId?: string }
  | { kind: 'redirect'; url: string }
  /** Cash on delivery chosen: the order is confirmed (Processing) and `due` rupees are paid on delivery. */
  | { kind: 'cashOnDelivery'; due: number }
  | { kind: 'initiated' }
  | { kind: 'failed'; error: string };

/**
 * The hidden form of a `redirect_post` action. Spec §4: it posts to the redirect URL carrying the
 * fields `type`, `url` and `data[...]`. Without a redirect URL the gateway's own form is posted
 * directly: its data entries to formParams.url with formParams.type as the method.
 */
function postForm(action: PaymentAction): PaymentOutcome | null {
  const params = action.formParams;
  if (action.redirectUrl) {
    const fields: Record<string, string> = {};
    if (params) {
      fields.type = params.type;
      fields.url = params.url;
      for (const [key, value] of Object.entries(params.data ?? {})) fields[`data[${key}]`] = String(value);
    }
    return { kind: 'redirectPost', url: action.redirectUrl, method: 'POST', fields };
  }
  if (params?.url) {
    const fields = Object.fromEntries(Object.entries(params.data ?? {}).map(([k, v]) => [k, String(v)]));
    return { kind: 'redirectPost', url: params.url, method: (params.type || 'POST').toUpperCase(), fields };
  }
  return null;
}

/** What to do with the answer of POST /payments. */
export function paymentOutcome(response: PaymentResponse | null | undefined): PaymentOutcome {
  if (response?.success !== true) {
    const error =
      typeof response?.error === 'string' && response.error.trim() !== ''
        ? response.error
        : UNKNOWN_PAYMENT_ERROR;
    return { kind: 'failed', error };
  }
  const action = response.action;
  if (action?.type === 'cash_on_delivery')
    return { kind: 'cashOnDelivery', due: typeof action.due === 'number' ? action.due : 0 };
  const followed = {
    ...(response.redirectUrl ? { gatewayUrl: response.redirectUrl } : {}),
    ...(response.attemptId ? { attemptId: response.attemptId } : {}),
  };
  if (action?.type === 'redirect_post') {
    const outcome = postForm(action);
    if (outcome) return outcome;
  }
  if (action?.type === 'deeplink') {
    const url = action.redirectUrl ?? action.qr ?? response.redirectUrl;
    if (url) return { kind: 'deeplink', url, ...followed };
  }
  if (action?.type === 'qr' && (action.qr || action.qrBase64)) {
    return {
      kind: 'qr',
      qr: action.qr ?? null,
      qrBase64: action.qrBase64 ?? null,
      ...followed,
    };
  }
  if (response.redirectUrl) return { kind: 'redirect', url: response.redirectUrl };
  return { kind: 'initiated' };
}

/** Where a followed payment attempt stands (GET /payments/{attemptId}, openapi.yaml PaymentStatus). */
export type PaymentStanding = components['schemas']['PaymentStatus']['status'];

/** 'Valid for 9:59': minutes and seconds left, never below 0:00. */
export function validityText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The image source for a base64 QR (a PNG data URL); an existing data URL is kept. */
export function qrImageSource(qrBase64: string): string {
  return qrBase64.startsWith('data:') ? qrBase64 : `data:image/png;base64,${qrBase64}`;
}

/** A UPI link whose payee cannot exist (the sandbox's `….sandbox@example`): no real money can move. */
export function isSandboxPayee(upiLink: string | null | undefined): boolean {
  if (!upiLink?.startsWith('upi://')) return false;
  const query = upiLink.slice(upiLink.indexOf('?') + 1);
  const payee = new URLSearchParams(query).get('pa') ?? '';
  return /@example$/i.test(payee) || /@sandbox$/i.test(payee);
}
