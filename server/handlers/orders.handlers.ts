import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../contract/schema';
import { normaliseMobile } from '../../shared/checkout-address';
import { optionalUser, requireUser } from '../auth';
import type { AppContext } from '../context';
import { OrderStatus, type ProductAttributeRow } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { LoginThrottle } from '../login-throttle';
import { newRefundId } from '../payments/ids';
import { formatInr, toRupees } from '../payments/money';
import type { PaymentGateway } from '../payments/provider';
import { GATEWAYS } from '../payments/registry';
import { requestRefund } from '../refunds';
import { rememberAddress } from '../repositories/addresses';
import {
  type CashOnDelivery,
  cancelOrderOfUser,
  cashOnDeliveryOf,
  insertOrder,
  itemsOfOrders,
  type OrderEventRow,
  type OrderItemWithImage,
  type OrderRow,
  ordersOfUser,
  orderWithOwnerEmail,
  timelinesOf,
} from '../repositories/orders';
import { findProductsByIds, isProductId } from '../repositories/products';
import { refundExpectedBy } from '../repositories/refunds';
import { checkDeliverableAddress } from './addresses.handlers';

type Order = components['schemas']['Order'];
type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
type CancelledOrder = components['schemas']['CancelledOrder'];

export const ORDER_ALREADY_SHIPPED = 'This order has already shipped and can no longer be cancelled.';
export const ORDER_ALREADY_CANCELLED = 'This order is already cancelled.';

// Refund.expectedBy's rule lives with the refunds (the cancellation mail says the same day).
export { REFUND_EXPECTED_DAYS } from '../repositories/refunds';
export { refundExpectedBy };

export const ORDER_NOT_FOUND = 'Order not found or access denied';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_PATTERN = /^SF-[0-9A-HJKMNP-TV-Z]{16}$/;

/** 'SF-' + 16 Crockford base32 characters = 80 bits from the CSPRNG: not guessable, not sequential. */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 15; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `SF-${out}`;
}

/** One timeline entry of the contract's Order. */
function toOrderEventJson(event: OrderEventRow): NonNullable<Order['timeline']>[number] {
  return {
    from: event.fromStatus,
    to: event.toStatus,
    at: event.at.toISOString(),
    actor: event.actor,
    note: event.note,
    carrier: event.carrier,
    trackingNumber: event.trackingNumber,
    trackingUrl: event.trackingUrl,
  };
}

/** Order.payment of a cash-on-delivery order: what is due, paid on delivery, or void (cancelled). */
export function toOrderPayment(cod: CashOnDelivery): NonNullable<Order['payment']> {
  const status = cod.status === 'succeeded' ? 'paid' : cod.status === 'failed' ? 'void' : 'due';
  const amount = toRupees(cod.amountPaise);
  return { method: 'cod', status, amount, due: status === 'due' ? amount : 0 };
}

export function toOrderJson(
  order: OrderRow,
  items: OrderItemWithImage[],
  timeline?: readonly OrderEventRow[],
  cod?: CashOnDelivery,
): Order {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productTitle: item.productTitle,
      quantity: item.quantity,
      price: toRupees(item.unitPricePaise),
      size: item.size ?? null,
      color: item.color ?? null,
      imgUrl: item.imgUrl ?? null,
    })),
    shippingAddress: {
      fullName: order.shipFullName,
      address: order.shipAddress,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostalCode,
      phone: order.shipPhone,
    },
    total: toRupees(order.totalPaise),
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    ...(timeline ? { timeline: timeline.map(toOrderEventJson) } : {}),
    ...(cod ? { payment: toOrderPayment(cod) } : {}),
  };
}

const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colors', 'colours'];

/** The values a product offers for one option (size or colour), trimmed, empty when it has none. */
export function offeredValues(attributes: ProductAttributeRow[], keys: string[]): string[] {
  const attribute = attributes.find((a) => keys.includes(a.key.trim().toLowerCase()));
  return (attribute?.values ?? []).map((v) => v.trim()).filter((v) => v !== '');
}

/**
 * One option of an order line against what the product offers: required when it offers several
 * values, filled in when it offers one, refused when it offers none or the value is not offered.
 */
function chooseOption(
  product: { id: string; title: string; attributes: ProductAttributeRow[] },
  keys: string[],
  label: 'size' | 'colour',
  given: string | undefined,
): string | null {
  const offered = offeredValues(product.attributes, keys);
  const value = given?.trim();
  if (!value) {
    if (offered.length > 1)
      throw badRequest(`Choose a ${label} for "${product.title}" (${offered.join(', ')})`);
    return offered[0] ?? null;
  }
  const match = offered.find((v) => v.toLowerCase() === value.toLowerCase());
  if (!match) {
    throw badRequest(
      offered.length === 0
        ? `"${product.title}" has no ${label} to choose`
        : `"${product.title}" is not available in ${label} "${value}" (choose ${offered.join(', ')})`,
    );
  }
  return match;
}

/** A total above the shop's ceiling (MAX_ORDER_VALUE): a 400 that says both amounts, never a 500. */
export function orderTooLarge(totalPaise: number, maxTotalPaise: number): HttpError {
  return badRequest(
    `The order total ${formatInr(totalPaise)} is above the limit of ${formatInr(maxTotalPaise)} per order`,
  );
}

export function ordersHandlers(ctx: AppContext, gateways: readonly PaymentGateway[] = GATEWAYS) {
  // RATE_LIMIT_TRACK_MAX per IP for guests and for readers of someone else's order; the rate-limit
  // plugin's global limit counts every read (server/plugins/rate-limit.ts).
  const { trackMax, windowMs } = ctx.config.rateLimit;
  const trackingLimit = new LoginThrottle(trackMax, windowMs, ctx.limits, 'track');
  const { maxLineQuantity, maxTotalPaise } = ctx.config.orders;
  return {
    async createOrder(request: FastifyRequest, reply: FastifyReply): Promise<Order> {
      const user = await requireUser(ctx, request);
      const body = request.body as CreateOrderRequest;
      // The checkout rules, then the PIN code against the state: a 400 names the field at fault.
      const shipping = checkDeliverableAddress(body.shippingAddress);

      // Quantities per product id (ids are case-insensitive uuids; the same product twice adds up).
      const quantities = new Map<string, number>();
      const malformed: string[] = [];
      for (const [id, quantity] of Object.entries(body.products)) {
        if (!isProductId(id)) {
          malformed.push(id);
          continue;
        }
        const key = id.toLowerCase();
        quantities.set(key, (quantities.get(key) ?? 0) + quantity);
      }
      const ids = [...quantities.keys()];
      const found = await findProductsByIds(ctx.db, ids);
      const byId = new Map(found.map((p) => [p.id, p]));
      const unknown = [...malformed, ...ids.filter((id) => !byId.has(id))];
      if (unknown.length > 0) {
        const shown = unknown.slice(0, 5).map((id) => `"${id}"`);
        const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
        throw badRequest(`Unknown product id(s): ${shown.join(', ')}${more}`);
      }
      // Without lines each product is one line, so it is held to the per-line cap (MAX_LINE_QUANTITY).
      if (!body.lines) {
        for (const [id, quantity] of quantities) {
          if (quantity > maxLineQuantity)
            throw badRequest(`quantity of product "${id}" must be at most ${maxLineQuantity}`);
        }
      }

      // Prices come from the catalogue now, never from the client, and are frozen on the lines.
      const priced = (id: string) => {
        const product = byId.get(id);
        if (!product) throw new HttpError(500, 'product vanished');
        return {
          product,
          line: {
            productId: id,
            productTitle: product.title,
            unitPricePaise: product.discountedPricePaise ?? product.regularPricePaise,
          },
        };
      };
      let lines: Array<
        ReturnType<typeof priced>['line'] & { quantity: number; size: string | null; color: string | null }
      >;
      if (body.lines) {
        // Lines carry the variants; they must describe the same order as the products map.
        const fromLines = new Map<string, number>();
        const byVariant = new Map<string, (typeof lines)[number]>();
        for (const [index, raw] of body.lines.entries()) {
          const id = raw.productId.toLowerCase();
          if (!quantities.has(id)) throw badRequest(`Line product "${raw.productId}" is not in products`);
          const { product, line } = priced(id);
          const size = chooseOption(product, SIZE_KEYS, 'size', raw.size);
          const color = chooseOption(product, COLOR_KEYS, 'colour', raw.color);
          fromLines.set(id, (fromLines.get(id) ?? 0) + raw.quantity);
          const key = JSON.stringify([id, size, color]);
          const existing = byVariant.get(key);
          const quantity = (existing?.quantity ?? 0) + raw.quantity;
          if (quantity > maxLineQuantity)
            throw badRequest(
              existing
                ? `lines[${index}].quantity must be at most ${maxLineQuantity} (with an earlier line of the same size and colour it makes ${quantity})`
                : `lines[${index}].quantity must be at most ${maxLineQuantity}`,
            );
          if (existing) existing.quantity = quantity;
          else byVariant.set(key, { ...line, quantity, size, color });
        }
        for (const [id, quantity] of quantities) {
          if (fromLines.get(id) !== quantity)
            throw badRequest(
              `The lines of product "${id}" add up to ${fromLines.get(id) ?? 0}, not ${quantity}`,
            );
        }
        lines = [...byVariant.values()];
      } else {
        lines = ids.map((id) => ({
          ...priced(id).line,
          quantity: quantities.get(id) ?? 0,
          size: null,
          color: null,
        }));
      }
      const totalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
      if (totalPaise > maxTotalPaise) throw orderTooLarge(totalPaise, maxTotalPaise);
      const orderId = newOrderId();

      const { order, items, timeline } = await insertOrder(
        ctx.db,
        {
          id: orderId,
          userId: user.id,
          status: OrderStatus.Pending,
          totalPaise,
          shipFullName: shipping.fullName,
          shipAddress: shipping.address,
          shipCity: shipping.city,
          shipState: shipping.state,
          shipPostalCode: shipping.postalCode,
          shipPhone: shipping.phone,
        },
        lines,
      );
      request.log.info({ orderId, userId: user.id, totalPaise }, 'order created');
      // The address goes first in the account's saved addresses (the least recently used makes room).
      // The order stands either way: an address not remembered is no reason to answer 500.
      await rememberAddress(ctx.db, user.id, shipping, { makeRoom: true }).catch((error: unknown) =>
        request.log.error({ err: error, orderId }, 'could not save the shipping address'),
      );
      reply.code(201);
      const images = new Map(found.map((p) => [p.id, p.imgUrl]));
      return toOrderJson(
        order,
        [...items]
          .sort((a, b) => a.productTitle.localeCompare(b.productTitle) || a.position - b.position)
          .map((item) => ({ ...item, imgUrl: images.get(item.productId) ?? null })),
        timeline,
      );
    },

    async listOrders(request: FastifyRequest): Promise<Order[]> {
      const user = await requireUser(ctx, request);
      const rows = await ordersOfUser(ctx.db, user.id);
      const ids = rows.map((o) => o.id);
      const [items, timelines, cod] = await Promise.all([
        itemsOfOrders(ctx.db, ids),
        timelinesOf(ctx.db, ids),
        cashOnDeliveryOf(ctx.db, ids),
      ]);
      return rows.map((order) =>
        toOrderJson(order, items.get(order.id) ?? [], timelines.get(order.id) ?? [], cod.get(order.id)),
      );
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
        // Asked now, after the commit: a failure is retried by the refund sweep (server/refunds.ts).
        const outcome = await requestRefund(ctx, gateways, result.refund, log);
        refund = {
          amount: toRupees(result.refund.amountPaise),
          status: outcome.status,
          expectedBy: refundExpectedBy(),
        };
      }
      const [items, timelines, cod] = await Promise.all([
        itemsOfOrders(ctx.db, [orderId]),
        timelinesOf(ctx.db, [orderId]),
        cashOnDeliveryOf(ctx.db, [orderId]),
      ]);
      return {
        order: toOrderJson(
          result.order,
          items.get(orderId) ?? [],
          timelines.get(orderId) ?? [],
          cod.get(orderId),
        ),
        refund,
      };
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

      const id = found.order.id;
      const [items, timelines, cod] = await Promise.all([
        itemsOfOrders(ctx.db, [id]),
        timelinesOf(ctx.db, [id]),
        cashOnDeliveryOf(ctx.db, [id]),
      ]);
      return toOrderJson(found.order, items.get(id) ?? [], timelines.get(id) ?? [], cod.get(id));
    },
  };
}

/** The account email (case-insensitive) or the shipping phone, with or without +91, spaces or hyphens. */
export function contactMatches(contact: string, email: string, phone: string): boolean {
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === email.toLowerCase();
  return normaliseMobile(contact) === phone;
}
