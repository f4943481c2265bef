import type { components } from '../../contract/schema';
import type { AppContext, PaymentsConfig } from '../context';
import type { orders } from '../db/schema';
import type { PaymentField, PaymentMethod } from './fields';

export type PaymentAction = components['schemas']['PaymentAction'];

/**
 * The order as payments need it; the amount is always the stored total. Declared here, with the
 * providers that take it, so the orders repository (which finds one) and the refunds it imports do
 * not lead back to it.
 */
export interface PayableOrder {
  id: string;
  userId: string;
  status: (typeof orders.$inferSelect)['status'];
  totalPaise: number;
}

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

interface Payer {
  name: string;
  email: string;
  phone: string;
}

interface StartResult {
  action: PaymentAction;
  /** Top-level redirectUrl of the answer (spec §4: the client ignores it when an action is present). */
  redirectUrl?: string;
  /** Kept in payment_attempts.provider_payload for support and reconciliation. */
  providerPayload?: Record<string, unknown>;
}

/** A gateway's browser callback: path parameters plus the posted form. */
interface CallbackInput {
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

/** A gateway's provider, created for one configuration (PaymentGateway.create). */
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
  /**
   * Returns `amountPaise` of a succeeded attempt to the shopper. `refundId` is our unique id for the
   * request (a retry with the same id is the same refund at the gateway). Never throws for a gateway
   * refusal or a network error: it answers 'failed' with the reason.
   */
  refund(attempt: RefundableAttempt, amountPaise: number, refundId: string): Promise<RefundOutcome>;
}

/** A succeeded attempt as a refund needs it: plus the gateway's own payment id (PayU mihpayid). */
export interface RefundableAttempt extends PaymentAttempt {
  /** The gateway's id of the payment it took, from its callback; null when it sent none. */
  gatewayPaymentId: string | null;
}

/** What a gateway said to a refund request. */
export interface RefundOutcome {
  /** recorded: nothing to move (sandbox); queued: the gateway accepted it; failed: it did not. */
  status: 'recorded' | 'queued' | 'failed';
  /** The gateway's reference for the refund, when it gave one. */
  gatewayReference?: string | null;
  /** Why it failed (the gateway's message or the network error). */
  error?: string | null;
}

/**
 * One payment gateway as the app registers it: what the shop allows and serves for it, and how to make
 * its provider. Adding Razorpay or Cashfree means one file exporting this and one line in `GATEWAYS`
 * (registry.ts): the SPA's Content-Security-Policy and the callback route are derived from it.
 */
export interface PaymentGateway {
  /** Stored in payment_attempts.provider; PaymentsConfig.provider names the active gateway. */
  readonly name: string;
  /** How messages name it ('PayU'). */
  readonly label: string;
  /**
   * False for a test gateway, where no money moves: approving an order that is no longer pending is
   * then refused (a real gateway has taken the money, so its success is recorded and flagged).
   */
  readonly movesMoney: boolean;
  /** Origins outside the shop that the shopper's browser posts this gateway's form to (CSP form-action). */
  readonly formActionOrigins: readonly string[];
  /** Origins the SPA itself calls for this gateway (CSP connect-src). */
  readonly connectOrigins: readonly string[];
  /** Where the shopper's browser comes back with the outcome (server/plugins/api-routes.ts serves it). */
  readonly callback: GatewayCallback;
  /** Whether this configuration takes payments through the gateway, and so accepts its callbacks. */
  isEnabled(config: PaymentsConfig): boolean;
  /** The provider for this configuration (called only when isEnabled). */
  create(ctx: AppContext): PaymentProvider;
}

interface GatewayCallback {
  /**
   * The POST path under /api/v1, written as in openapi.yaml (`/payments/payu/callback`,
   * `/payments/sandbox/{attemptId}/complete`). A path the contract documents is validated by it; any
   * other is served all the same, its body left to verifyCallback.
   */
  readonly path: string;
  /**
   * True when the callback comes from our own page (the sandbox's buttons): anything wrong with it is
   * answered with a JSON 400 or 404. False for a real gateway's browser redirect, which cannot show
   * JSON to the shopper: only a malformed callback gets a 400; an unknown, forged or mismatching one
   * sends the shopper to the failure notice.
   */
  readonly strict: boolean;
}
