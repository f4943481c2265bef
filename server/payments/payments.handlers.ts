import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../contract/schema';
import { optionalUser, requireUser } from '../accounts/auth';
import type { AppContext, ServerConfig } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { shopOrigin } from './origin';
import { attemptLookup, attemptWithOrderStatus } from './payments.repository';
import { paymentForm, paymentStanding, settlePayment, submitPayment } from './payments.service';
import type { PaymentAttempt, PaymentGateway } from './provider';
import { GATEWAYS } from './registry';
import { sandboxGateway, sandboxPageUrl } from './sandbox';
import { renderSandboxNotFound, renderSandboxPage, sandboxPageCsp } from './sandbox-page';

type AttemptParams = { attemptId: string };

// Back to the address the shopper is using (PUBLIC_URL when set), where they are signed in.
const successUrl = (config: ServerConfig, request: FastifyRequest, orderId: string) =>
  `${shopOrigin(config, request)}/order-success?orderId=${encodeURIComponent(orderId)}`;
const failureUrl = (config: ServerConfig, request: FastifyRequest) =>
  `${shopOrigin(config, request)}/orders?payment=failed`;

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
      // The form is public (the contract declares no 401 here): a stale token just loses the prefill.
      const user = await optionalUser(ctx, request).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return null;
        throw error;
      });
      if (user) reply.header('cache-control', 'private, no-store');
      const { orderId } = request.query as { orderId?: string };
      return { fields: await paymentForm(ctx, gateways, user, orderId) };
    },

    async submitPayment(request: FastifyRequest, _reply: FastifyReply) {
      const user = await requireUser(ctx, request);
      const body = request.body as components['schemas']['PaymentRequest'];
      return submitPayment(ctx, gateways, user.id, body, shopOrigin(config, request), request.log);
    },

    /** The QR and UPI-app screens follow their attempt here; someone else's answers like none. */
    async getPaymentStatus(request: FastifyRequest<{ Params: AttemptParams }>, _reply: FastifyReply) {
      const user = await requireUser(ctx, request);
      return { status: await paymentStanding(ctx, user.id, request.params.attemptId) };
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
   * Settles a verified callback (payments/payments.service.ts) and sends the browser back to the shop.
   * A strict callback answers an amount mismatch with 400; a real gateway's browser redirect cannot show
   * JSON to the shopper, so it is sent to the failure notice instead.
   */
  async function applyVerdict(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ReturnType<PaymentGateway['create']>,
    verdict: Parameters<typeof settlePayment>[3],
    looked: PaymentAttempt | undefined,
  ) {
    const settled = await settlePayment(ctx, gateway, provider, verdict, looked, request.log);
    if (settled.kind === 'mismatch') {
      if (strict) throw badRequest('Payment amount does not match the order');
      return reply.redirect(failureUrl(config, request), 303);
    }
    return reply.redirect(
      settled.status === 'succeeded'
        ? successUrl(config, request, settled.orderId)
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
