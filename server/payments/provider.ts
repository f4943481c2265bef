import type { components } from '../../src/api/schema';
import type { AppContext } from '../context';
import type { PayableOrder } from '../repositories/orders';
import type { PaymentField, PaymentMethod } from './fields';

export type { PayableOrder };
export type PaymentAction = components['schemas']['PaymentAction'];

/** A row of payment_attempts as the providers see it. */
export interface PaymentAttempt {
  id: string;
  orderId: string;
  provider: string;
  method: string;
  /** Gateway transaction reference: PayU txnid, UPI tr. */
  reference: string;
  amountPaise: number;
  status: 'created' | 'succeeded' | 'failed';
}

export interface Payer {
  name: string;
  email: string;
  phone: string;
}

export interface StartResult {
  action: PaymentAction;
  /** Top-level redirectUrl of the answer (spec §4: the client ignores it when an action is present). */
  redirectUrl?: string;
  /** Kept in payment_attempts.provider_payload for support and reconciliation. */
  providerPayload?: Record<string, unknown>;
}

/** A gateway's browser callback: path parameters plus the posted form. */
export interface CallbackInput {
  params: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

export type CallbackVerdict =
  | {
      ok: true;
      attemptId: string;
      outcome: 'success' | 'failure';
      /** The amount the gateway says it took (or the signed amount), to compare with the attempt. */
      amountPaise: number;
      providerReference: string | null;
      /** What the gateway sent that is worth keeping (no secrets, no hashes). */
      details?: Record<string, unknown>;
    }
  | {
      ok: false;
      /** 'malformed': answer 400; 'unknown': no such attempt; 'rejected': signature/hash or amount wrong. */
      kind: 'malformed' | 'unknown' | 'rejected';
      reason: string;
      attemptId?: string;
    };

/** Finds attempts of this provider for callback verification. */
export interface AttemptLookup {
  byId(id: string): Promise<PaymentAttempt | null>;
  byReference(reference: string): Promise<PaymentAttempt | null>;
}

/**
 * One payment gateway. Adding Razorpay or Cashfree means one file implementing this and one line in
 * `PROVIDERS` (registry.ts).
 */
export interface PaymentProvider {
  readonly name: string;
  /** The payment form for this gateway, derived from the common definitions. */
  fields(base: readonly PaymentField[]): readonly PaymentField[];
  /**
   * What the shopper's browser does next for a freshly recorded attempt. `origin` is where the shopper
   * reached the shop (server/payments/origin.ts): gateway pages and return URLs are built on it.
   */
  start(
    attempt: PaymentAttempt,
    order: PayableOrder,
    payer: Payer,
    method: PaymentMethod,
    origin?: string,
  ): Promise<StartResult>;
  /** Authenticates a gateway callback and says which attempt it settles and how. */
  verifyCallback(input: CallbackInput, attempts: AttemptLookup): Promise<CallbackVerdict>;
}

export type ProviderFactory = (ctx: AppContext) => PaymentProvider;
