import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CancelledOrder, CreateOrderRequest, Order } from '../../contract/schema';
import { optionalUser, requireUser } from '../accounts/auth';
import type { AppContext } from '../context';
import { OrderStatus } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { LoginThrottle } from '../infra/login-throttle';
import { newRefundId } from '../payments/ids';
import { toRupees } from '../payments/money';
import type { PaymentGateway } from '../payments/provider';
import { requestRefund } from '../payments/refunds';
import { refundExpectedBy } from '../payments/refunds.repository';
import { GATEWAYS } from '../payments/registry';
import { orderJson, ordersJson, toOrderJson } from './order-json';
import { cancelOrderOfUser, ordersOfUser, orderWithOwnerEmail } from './orders.repository';
import { contactMatches, ORDER_ID_PATTERN, placeOrder } from './orders.service';

export const ORDER_ALREADY_SHIPPED = 'This order has already shipped and can no longer be cancelled.';
export const ORDER_ALREADY_CANCELLED = 'This order is already cancelled.';

const ORDER_NOT_FOUND = 'Order not found or access denied';

/** The order operations: each parses the request, asks the service or repository, and answers. */
export function ordersHandlers(ctx: AppContext, gateways: readonly PaymentGateway[] = GATEWAYS) {
  // RATE_LIMIT_TRACK_MAX per IP for guests and for readers of someone else's order; the rate-limit
  // plugin's global limit counts every read (server/plugins/rate-limit.ts).
  const { trackMax, windowMs } = ctx.config.rateLimit;
  const trackingLimit = new LoginThrottle(trackMax, windowMs, ctx.limits, 'track');
  const { paymentWindowMs } = ctx.config.lifecycle;
  const view = { paymentWindowMs, delivery: ctx.delivery ?? null };
  return {
    async createOrder(request: FastifyRequest, reply: FastifyReply): Promise<Order> {
      const user = await requireUser(ctx, request);
      const placed = await placeOrder(ctx, user.id, request.body as CreateOrderRequest, request.log);
      reply.code(201);
      // Just placed: nothing to refund, nothing to return.
      return toOrderJson(placed.order, placed.items, {
        timeline: placed.timeline,
        ...view,
        refund: null,
        returns: { records: [], deliveredAt: undefined, now: new Date() },
      });
    },

    async listOrders(request: FastifyRequest): Promise<Order[]> {
      const user = await requireUser(ctx, request);
      return ordersJson(ctx.db, await ordersOfUser(ctx.db, user.id), view);
    },

    /**
     * The shopper cancels their own order while it is Pending or Processing. The order moves to
     * Cancelled in one transaction (with a refund row when it was paid); the gateway is asked for the
     * refund after the commit, so a slow or failing gateway never undoes the cancellation: its answer
     * is recorded on the refund row and a failure is logged for the store to follow up.
     */
    async cancelOrder(request: FastifyRequest): Promise<CancelledOrder> {
      const user = await requireUser(ctx, request);
      const { orderId: rawId } = request.params as { orderId: string };
      const orderId = rawId.trim().toUpperCase();
      if (!ORDER_ID_PATTERN.test(orderId)) throw notFound(ORDER_NOT_FOUND);
      const result = await cancelOrderOfUser(ctx.db, user.id, orderId, newRefundId());
      if (result.kind === 'notFound') throw notFound(ORDER_NOT_FOUND);
      if (result.kind === 'refused')
        throw conflict(
          result.status === OrderStatus.Cancelled ? ORDER_ALREADY_CANCELLED : ORDER_ALREADY_SHIPPED,
        );
      const log = request.log.child({ orderId, userId: user.id });
      log.info('order cancelled by the shopper');

      let refund: CancelledOrder['refund'] = null;
      if (result.refund) {
        // Asked now, after the commit: a failure is retried by the refund sweep (server/payments/refunds.ts).
        const outcome = await requestRefund(ctx, gateways, result.refund, log);
        refund = {
          amount: toRupees(result.refund.amountPaise),
          status: outcome.status,
          expectedBy: refundExpectedBy(),
        };
      }
      return { order: await orderJson(ctx.db, result.order, view), refund };
    },

    async trackOrder(request: FastifyRequest): Promise<Order> {
      const user = await optionalUser(ctx, request);
      const { orderId: rawId } = request.params as { orderId: string };
      const { contactInfo } = request.query as { contactInfo?: string };
      const contact = contactInfo?.trim() ?? '';
      // A guest is counted before anything is looked up; a signed-in reader once we know the order is
      // not theirs (the payment page polls its own order: that is not tracking).
      if (!user) await trackingLimit.take(request.ip);
      if (!contact && !user) throw badRequest('contactInfo is required');

      const orderId = rawId.trim().toUpperCase();
      const found = ORDER_ID_PATTERN.test(orderId) ? await orderWithOwnerEmail(ctx.db, orderId) : null;
      const isOwner = user !== null && found !== null && user.id === found.order.userId;
      if (user && !isOwner) await trackingLimit.take(request.ip);
      // Every miss below answers the same 404, so a response never tells which part was wrong.
      if (!found) throw notFound(ORDER_NOT_FOUND);
      if (!isOwner && !contactMatches(contact, found.email, found.order.shipPhone))
        throw notFound(ORDER_NOT_FOUND);
      return orderJson(ctx.db, found.order, view);
    },
  };
}
