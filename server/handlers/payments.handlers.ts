import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextStatus } from '../../shared/order-lifecycle';
import { ATTEMPT_VALIDITY_MS, CASH_ON_DELIVERY } from '../../shared/payment-fields';
import { optionalUser, requireUser } from '../auth';
import type { AppContext, ServerConfig } from '../context';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import {
  COD_PROVIDER,
  codLimitPaise,
  codNotAvailable,
  codNote,
  isCodEligible,
  withCashOnDelivery,
} from '../payments/cod';
import {
  PAYMENT_FIELDS,
  type PaymentField,
  type PaymentFieldValues,
  validatePaymentFields,
} from '../payments/fields';
import { newAttemptId, newPaymentReference } from '../payments/ids';
import { isPaymentMethod } from '../payments/methods';
import { toRupees } from '../payments/money';
import { shopOrigin } from '../payments/origin';
import type { CallbackVerdict, PaymentAttempt, PaymentGateway, PaymentProvider } from '../payments/provider';
import { activeProvider, GATEWAYS } from '../payments/registry';
import { sandboxGateway, sandboxPageUrl } from '../payments/sandbox';
import { renderSandboxNotFound, renderSandboxPage, sandboxPageCsp } from '../payments/sandbox-page';
import { findPayableOrder } from '../repositories/orders';
import {
  attemptLookup,
  attemptWithOrderStatus,
  findAttempt,
  findAttemptWithOwner,
  insertAttempt,
  placeCashOnDelivery,
  settleAttempt,
} from '../repositories/payments';

interface SubmitPaymentBody {
  orderId: string;
  fields: PaymentFieldValues;
}

type AttemptParams = { attemptId: string };

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

// Back to the address the shopper is using (PUBLIC_URL when set), where they are signed in.
const successUrl = (config: ServerConfig, request: FastifyRequest, orderId: string) =>
  `${shopOrigin(config, request)}/order-success?orderId=${encodeURIComponent(orderId)}`;
const failureUrl = (config: ServerConfig, request: FastifyRequest) =>
  `${shopOrigin(config, request)}/orders?payment=failed`;

/** A signed-in shopper sees their own name and email prefilled. */
function personalise(
  fields: readonly PaymentField[],
  user: { firstName: string; lastName: string; email: string },
) {
  const defaults: Record<string, string> = {
    payerName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
  };
  return fields.map((field) =>
    defaults[field.name] !== undefined ? { ...field, defaultValue: defaults[field.name] } : field,
  );
}

export function paymentsHandlers(ctx: AppContext, gateways: readonly PaymentGateway[] = GATEWAYS) {
  const { config } = ctx;

  async function sendSandboxPage(request: FastifyRequest<{ Params: AttemptParams }>, reply: FastifyReply) {
    const found = sandboxGateway.isEnabled(config.payments)
      ? await attemptWithOrderStatus(ctx.db, sandboxGateway.name, request.params.attemptId)
      : null;
    const origin = shopOrigin(config, request);
    reply
      .header('content-security-policy', sandboxPageCsp(origin))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    if (!found) {
      // Browsers get a page; API clients the contract's JSON error.
      if (!String(request.headers.accept ?? '').includes('text/html'))
        throw notFound('Payment attempt not found');
      return reply.code(404).type('text/html; charset=utf-8').send(renderSandboxNotFound());
    }
    const html = renderSandboxPage({
      attempt: found.attempt,
      orderId: found.attempt.orderId,
      orderStatus: found.orderStatus,
      storeName: ctx.store.storeName,
      publicUrl: origin,
      secret: config.payments.sandboxSecret,
    });
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  }

  return {
    async getPaymentFields(request: FastifyRequest, reply: FastifyReply) {
      let fields = activeProvider(ctx, gateways).fields(PAYMENT_FIELDS);
      // The form is public (the contract declares no 401 here): a stale token just loses the prefill.
      const user = await optionalUser(ctx, request).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return null;
        throw error;
      });
      if (!user) return { fields };
      reply.header('cache-control', 'private, no-store');
      // Cash on delivery is offered for the shopper's own Pending order within COD_LIMIT (its stored
      // total); any other orderId just gets the form without it, so the answer tells nothing about it.
      const { orderId } = request.query as { orderId?: string };
      const order = orderId ? await findPayableOrder(ctx.db, orderId.trim()) : null;
      if (
        order &&
        order.userId === user.id &&
        nextStatus(order.status, 'payment.cashOnDelivery') !== null &&
        isCodEligible(order.totalPaise, codLimitPaise(config.payments))
      )
        fields = withCashOnDelivery(fields);
      return { fields: personalise(fields, user) };
    },

    async submitPayment(request: FastifyRequest, _reply: FastifyReply) {
      const user = await requireUser(ctx, request);
      const body = request.body as SubmitPaymentBody;
      const provider = activeProvider(ctx, gateways);
      // Checked against the form with cash on delivery in it; whether this order may have it is below.
      const values = validatePaymentFields(withCashOnDelivery(provider.fields(PAYMENT_FIELDS)), body.fields);

      // Someone else's order answers exactly like a missing one.
      const order = await findPayableOrder(ctx.db, body.orderId);
      if (!order || order.userId !== user.id) throw notFound('Order not found');
      if (nextStatus(order.status, 'payment.confirmed') === null)
        throw conflict('This order is not awaiting payment');

      const method = values.method;
      const payer = {
        name: String(values.payerName),
        email: String(values.email),
        phone: String(values.phone),
      };
      const invoice =
        typeof values.businessName === 'string'
          ? { businessName: values.businessName, gstin: String(values.gstin ?? '') }
          : undefined;
      if (method === CASH_ON_DELIVERY) {
        const limitPaise = codLimitPaise(config.payments);
        // The form hides it above the limit; a request that chooses it anyway is refused.
        if (!isCodEligible(order.totalPaise, limitPaise)) throw codNotAvailable(order.totalPaise, limitPaise);
        const attempt: PaymentAttempt = {
          id: newAttemptId(),
          orderId: order.id,
          provider: COD_PROVIDER,
          method: CASH_ON_DELIVERY,
          reference: newPaymentReference(),
          amountPaise: order.totalPaise,
          status: 'created',
        };
        const placed = await placeCashOnDelivery(
          ctx.db,
          attempt,
          { payer, ...(invoice ? { invoice } : {}) },
          codNote(order.totalPaise),
        );
        if (placed.kind === 'notPending') throw conflict('This order is not awaiting payment');
        request.log.info(
          { attemptId: attempt.id, orderId: order.id, method, amountPaise: attempt.amountPaise },
          'cash on delivery chosen: order processing',
        );
        return {
          success: true,
          action: { type: 'cash_on_delivery' as const, due: toRupees(order.totalPaise) },
          attemptId: attempt.id,
        };
      }
      // The form only offers known methods; a gateway that offers another one is a server fault.
      if (!isPaymentMethod(method))
        throw new Error(`Gateway ${provider.name} offered an unknown payment method "${String(method)}"`);
      const attempt: PaymentAttempt = {
        id: newAttemptId(),
        orderId: order.id,
        provider: provider.name,
        method,
        reference: newPaymentReference(),
        amountPaise: order.totalPaise,
        status: 'created',
      };
      const started = await provider.start(attempt, order, payer, method, shopOrigin(config, request));
      await insertAttempt(ctx.db, attempt, {
        payer,
        ...(invoice ? { invoice } : {}),
        ...started.providerPayload,
      });
      request.log.info(
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
    },

    /** The QR and UPI-app screens follow their attempt here; someone else's answers like none. */
    async getPaymentStatus(request: FastifyRequest<{ Params: AttemptParams }>, _reply: FastifyReply) {
      const user = await requireUser(ctx, request);
      const attempt = await findAttemptWithOwner(ctx.db, request.params.attemptId);
      if (!attempt || attempt.userId !== user.id) throw notFound('Payment attempt not found');
      return { status: attemptStanding(attempt) };
    },

    async sandboxGatewayPage(request: FastifyRequest<{ Params: AttemptParams }>, reply: FastifyReply) {
      return sendSandboxPage(request, reply);
    },

    /**
     * The SPA's `redirect_post` form (spec §4 posts `type`, `url`, `data[...]`) lands here. The posted
     * fields are ignored (the page is derived from the attempt alone) and the POST is answered with
     * 303 to the same address, so Back to the gateway is a plain GET, never 'Confirm Form Resubmission'.
     */
    async sandboxGatewayEntry(request: FastifyRequest<{ Params: AttemptParams }>, reply: FastifyReply) {
      return reply.redirect(sandboxPageUrl(ctx, request.params.attemptId, shopOrigin(config, request)), 303);
    },
  };
}

/**
 * The handler of one gateway's callback route (server/plugins/api-routes.ts serves one per registered
 * gateway): the provider authenticates the callback, then the verdict is applied.
 */
export function gatewayCallbackHandler(ctx: AppContext, gateway: PaymentGateway) {
  const { config } = ctx;
  const { strict } = gateway.callback;

  /**
   * Applies a verified callback: amounts must agree, then the attempt is settled exactly once and the
   * browser goes back to the shop. A strict callback answers a mismatch with 400; a real gateway's
   * browser redirect cannot show JSON to the shopper, so it is sent to the failure notice instead.
   */
  async function applyVerdict(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: PaymentProvider,
    verdict: Extract<CallbackVerdict, { ok: true }>,
    /** The attempt the provider's verification looked up (read once per callback). */
    looked: PaymentAttempt | undefined,
  ) {
    const attempt = looked ?? (await findAttempt(ctx.db, verdict.attemptId));
    if (!attempt) throw notFound('Payment attempt not found');
    const log = request.log.child({
      attemptId: attempt.id,
      orderId: attempt.orderId,
      provider: provider.name,
    });
    const mismatch = (orderPaise: number | null) => {
      log.warn(
        { callbackPaise: verdict.amountPaise, attemptPaise: attempt.amountPaise, orderPaise },
        'payment callback amount does not match; nothing changed',
      );
      if (strict) throw badRequest('Payment amount does not match the order');
      return reply.redirect(failureUrl(config, request), 303);
    };
    if (verdict.amountPaise !== attempt.amountPaise) return mismatch(null);

    // The order is locked while settling: of concurrent successes one pays it, the rest are failures.
    // Its total is compared with the attempt's under that lock (a mismatch writes nothing).
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
    return reply.redirect(
      result.status === 'succeeded'
        ? successUrl(config, request, result.orderId)
        : failureUrl(config, request),
      303,
    );
  }

  return async function gatewayCallback(request: FastifyRequest, reply: FastifyReply) {
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!gateway.isEnabled(config.payments)) {
      // Our own page's attempts are simply gone; a real gateway calling an unconfigured shop is a fault.
      if (strict) throw notFound('Payment attempt not found');
      request.log.warn(
        { provider: gateway.name },
        `${gateway.label} callback received but it is not configured`,
      );
      throw badRequest(`${gateway.label} is not configured`);
    }
    const provider = gateway.create(ctx);
    // What the verification looks up is kept, so settling it does not read the attempt again.
    const looked = new Map<string, PaymentAttempt>();
    const lookup = attemptLookup(ctx.db, provider.name);
    const keep = (attempt: PaymentAttempt | null) => {
      if (attempt) looked.set(attempt.id, attempt);
      return attempt;
    };
    const verdict = await provider.verifyCallback(
      { params, body },
      { byId: (id) => lookup.byId(id).then(keep), byReference: (ref) => lookup.byReference(ref).then(keep) },
    );
    if (!verdict.ok) {
      request.log.warn(
        { provider: provider.name, attemptId: verdict.attemptId ?? params.attemptId, kind: verdict.kind },
        verdict.reason,
      );
      if (verdict.kind === 'malformed') throw badRequest(verdict.reason);
      if (!strict) return reply.redirect(failureUrl(config, request), 303);
      if (verdict.kind === 'unknown') throw notFound('Payment attempt not found');
      throw badRequest(verdict.reason);
    }
    return applyVerdict(request, reply, provider, verdict, looked.get(verdict.attemptId));
  };
}
