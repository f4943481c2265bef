/**
 * Paying for an order: the payment form a shopper is offered, a submitted payment (cash on delivery, or
 * an attempt started at the gateway), an attempt's standing, and a gateway's verified verdict settled
 * exactly once. The rules live here; the handlers (payments/payments.handlers.ts) parse and answer, and
 * the repositories (payments/payments.repository.ts, orders.ts) only read and write, as for placing an order
 * (orders/orders.service.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentResponse as PaymentAnswer, PaymentRequest } from '../../contract/schema';
import { nextStatus } from '../../shared/order-lifecycle';
import { ATTEMPT_VALIDITY_MS, CASH_ON_DELIVERY } from '../../shared/payment-fields';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { findPayableOrder } from '../orders/orders.repository';
import {
  COD_PROVIDER,
  codLimitPaise,
  codNotAvailable,
  codNote,
  isCodEligible,
  withCashOnDelivery,
  withCashOnDeliveryRefused,
} from './cod';
import { PAYMENT_FIELDS, type PaymentField, validatePaymentFields } from './fields';
import { newAttemptId, newPaymentReference } from './ids';
import { isPaymentMethod } from './methods';
import { toRupees } from './money';
import {
  findAttempt,
  findAttemptWithOwner,
  insertAttempt,
  placeCashOnDelivery,
  settleAttempt,
} from './payments.repository';
import type { CallbackVerdict, PaymentAttempt, PaymentGateway, PaymentProvider } from './provider';
import { activeProvider } from './registry';

type Shopper = { id: string; firstName: string; lastName: string; email: string };

export type AttemptStanding = 'pending' | 'paid' | 'failed' | 'expired';

/** What GET /payments/{attemptId} says: settled attempts keep their result; an unsettled one expires. */
function attemptStanding(
  attempt: { status: PaymentAttempt['status']; createdAt: Date },
  now = Date.now(),
): AttemptStanding {
  if (attempt.status === 'succeeded') return 'paid';
  if (attempt.status === 'failed') return 'failed';
  return now - attempt.createdAt.getTime() >= ATTEMPT_VALIDITY_MS ? 'expired' : 'pending';
}

/** A signed-in shopper sees their own name and email prefilled. */
function personalise(fields: readonly PaymentField[], user: Shopper) {
  const defaults: Record<string, string> = {
    payerName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
  };
  return fields.map((field) =>
    defaults[field.name] !== undefined ? { ...field, defaultValue: defaults[field.name] } : field,
  );
}

/**
 * The payment form: the active gateway's fields; for a signed-in shopper prefilled, with cash on
 * delivery for their own Pending order within COD_LIMIT (its stored total), or the reason it is not
 * offered above it. Any other orderId gets the form without it, so the answer tells nothing about it.
 */
export async function paymentForm(
  ctx: AppContext,
  gateways: readonly PaymentGateway[],
  user: Shopper | null,
  orderId: string | undefined,
): Promise<readonly PaymentField[]> {
  let fields = activeProvider(ctx, gateways).fields(PAYMENT_FIELDS);
  if (!user) return fields;
  const order = orderId ? await findPayableOrder(ctx.db, orderId.trim()) : null;
  const limitPaise = codLimitPaise(ctx.config.payments);
  if (order && order.userId === user.id && nextStatus(order.status, 'payment.cashOnDelivery') !== null) {
    // Above the limit the form says so (a limit of 0 is cash on delivery off: nothing to explain).
    if (isCodEligible(order.totalPaise, limitPaise)) fields = withCashOnDelivery(fields);
    else if (limitPaise > 0) fields = withCashOnDeliveryRefused(fields, order.totalPaise, limitPaise);
  }
  return personalise(fields, user);
}

/**
 * A submitted payment for the shopper's own order awaiting payment: cash on delivery confirms it at
 * once (within COD_LIMIT); any other method starts an attempt at the active gateway, stored with the
 * payer, and answers the gateway's next step. `origin` is the shop's address the gateway returns to.
 */
export async function submitPayment(
  ctx: AppContext,
  gateways: readonly PaymentGateway[],
  userId: string,
  body: PaymentRequest,
  origin: string,
  log: FastifyBaseLogger,
): Promise<PaymentAnswer> {
  const provider = activeProvider(ctx, gateways);
  // Checked against the form with cash on delivery in it; whether this order may have it is below.
  const values = validatePaymentFields(withCashOnDelivery(provider.fields(PAYMENT_FIELDS)), body.fields);

  // Someone else's order answers exactly like a missing one.
  const order = await findPayableOrder(ctx.db, body.orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  if (nextStatus(order.status, 'payment.confirmed') === null)
    throw conflict('This order is not awaiting payment');

  const method = values.method;
  const payer = { name: String(values.payerName), email: String(values.email), phone: String(values.phone) };
  const invoice =
    typeof values.businessName === 'string'
      ? { businessName: values.businessName, gstin: String(values.gstin ?? '') }
      : undefined;
  const attemptOf = (providerName: string, chosen: PaymentAttempt['method']): PaymentAttempt => ({
    id: newAttemptId(),
    orderId: order.id,
    provider: providerName,
    method: chosen,
    reference: newPaymentReference(),
    amountPaise: order.totalPaise,
    status: 'created',
  });

  if (method === CASH_ON_DELIVERY) {
    const limitPaise = codLimitPaise(ctx.config.payments);
    // The form hides it above the limit; a request that chooses it anyway is refused.
    if (!isCodEligible(order.totalPaise, limitPaise)) throw codNotAvailable(order.totalPaise, limitPaise);
    const attempt = attemptOf(COD_PROVIDER, CASH_ON_DELIVERY);
    const placed = await placeCashOnDelivery(
      ctx.db,
      attempt,
      { payer, ...(invoice ? { invoice } : {}) },
      codNote(order.totalPaise),
    );
    if (placed.kind === 'notPending') throw conflict('This order is not awaiting payment');
    log.info(
      { attemptId: attempt.id, orderId: order.id, method, amountPaise: attempt.amountPaise },
      'cash on delivery chosen: order processing',
    );
    return {
      success: true,
      action: { type: 'cash_on_delivery', due: toRupees(order.totalPaise) },
      attemptId: attempt.id,
    };
  }
  // The form only offers known methods; a gateway that offers another one is a server fault.
  if (!isPaymentMethod(method))
    throw new Error(`Gateway ${provider.name} offered an unknown payment method "${String(method)}"`);
  const attempt = attemptOf(provider.name, method);
  const started = await provider.start(attempt, order, payer, method, origin);
  await insertAttempt(ctx.db, attempt, {
    payer,
    ...(invoice ? { invoice } : {}),
    ...started.providerPayload,
  });
  log.info(
    {
      attemptId: attempt.id,
      orderId: order.id,
      provider: provider.name,
      method,
      amountPaise: attempt.amountPaise,
    },
    'payment attempt created',
  );
  return {
    success: true,
    action: started.action,
    ...(started.redirectUrl ? { redirectUrl: started.redirectUrl } : {}),
    attemptId: attempt.id,
  };
}

/** The standing of the shopper's own attempt (the QR and UPI-app screens follow it); someone else's is none. */
export async function paymentStanding(
  ctx: AppContext,
  userId: string,
  attemptId: string,
): Promise<AttemptStanding> {
  const attempt = await findAttemptWithOwner(ctx.db, attemptId);
  if (!attempt || attempt.userId !== userId) throw notFound('Payment attempt not found');
  return attemptStanding(attempt);
}

/** What settling a verified verdict came to: where the shopper's browser goes next is the handler's. */
export type Settlement =
  | { kind: 'mismatch'; orderPaise: number | null }
  | { kind: 'settled'; status: PaymentAttempt['status']; orderId: string };

/**
 * Applies a gateway's verified verdict: amounts must agree, then the attempt is settled exactly once.
 * The order is locked while settling: of concurrent successes one pays it, the rest are failures; its
 * total is compared with the attempt's under that lock (a mismatch writes nothing).
 */
export async function settlePayment(
  ctx: AppContext,
  gateway: PaymentGateway,
  provider: PaymentProvider,
  verdict: Extract<CallbackVerdict, { ok: true }>,
  /** The attempt the provider's verification looked up (read once per callback). */
  looked: PaymentAttempt | undefined,
  baseLog: FastifyBaseLogger,
): Promise<Settlement> {
  const attempt = looked ?? (await findAttempt(ctx.db, verdict.attemptId));
  if (!attempt) throw notFound('Payment attempt not found');
  const log = baseLog.child({ attemptId: attempt.id, orderId: attempt.orderId, provider: provider.name });
  const mismatch = (orderPaise: number | null): Settlement => {
    log.warn(
      { callbackPaise: verdict.amountPaise, attemptPaise: attempt.amountPaise, orderPaise },
      'payment callback amount does not match; nothing changed',
    );
    return { kind: 'mismatch', orderPaise };
  };
  if (verdict.amountPaise !== attempt.amountPaise) return mismatch(null);
  const result = await settleAttempt(
    ctx.db,
    attempt.id,
    verdict.outcome,
    {
      outcome: verdict.outcome,
      providerReference: verdict.providerReference,
      ...verdict.details,
      at: new Date().toISOString(),
    },
    attempt,
  );
  if (result.orderPaise !== undefined) return mismatch(result.orderPaise);
  if (!result.changed) {
    log.info({ status: result.status }, 'payment callback replayed; nothing changed');
  } else if (result.refused && gateway.movesMoney) {
    log.error(`payment succeeded at ${provider.name} for an order no longer pending: refund it`);
  } else if (result.refused) {
    log.info('test approval refused: order no longer pending');
  } else {
    log.info({ status: result.status, orderMoved: result.orderMoved }, 'payment settled');
  }
  return { kind: 'settled', status: result.status, orderId: result.orderId };
}
