import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FulfilmentEvent, FulfilmentOrder, FulfilmentResult } from '../../contract/schema';
import { ORDER_STATUS_LOOK } from '../../shared/order-lifecycle';
import { escapeControls } from '../../shared/text';
import type { AppContext } from '../context';
import type { OrderStatus } from '../db/schema';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../errors';
import { toRupees } from '../payments/money';
import { eventOrigin } from './event-origin';
import { toOrderPayment } from './order-json';
import {
  applyFulfilmentEvent,
  type CashOnDelivery,
  cashOnDeliveryOf,
  ordersByStatus,
} from './orders.repository';

/** The operations of this file: signed, and off (404) without FULFILMENT_SECRET. */
export const FULFILMENT_OPERATIONS = new Set([
  'receiveFulfilmentEvent',
  'listFulfilmentOrders',
  'receiveReturnEvent',
  'setStock',
]);
const SIGNATURE_HEADER = 'x-statefront-signature';
/** How far a signature's timestamp may be from the server's clock, either way. */
const SIGNATURE_TOLERANCE_S = 300;
/** A signed event's body at most; a stock list (PUT /fulfilment/stock, up to 5,000 rows) at most 1 MiB. */
const MAX_SIGNED_BODY = 64 * 1024;
const MAX_SIGNED_STOCK_BODY = 1024 * 1024;

const EVENT_OF = {
  shipped: 'fulfilment.shipped',
  delivered: 'fulfilment.delivered',
  cancelled: 'order.cancelled',
} as const;

/** `t=<unix seconds>,v1=<hex>` for `payload`, as a sender (scripts/orders.ts, tests) writes it. */
export function signFulfilment(secret: string, payload: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${nowSeconds}.${payload}`).digest('hex');
  return `t=${nowSeconds},v1=${v1}`;
}

/**
 * Whether `header` signs `payload` with `secret` at a time within the tolerance. Constant-time over
 * the digest; any malformed header is simply false.
 */
function verifyFulfilment(
  secret: string,
  header: string | undefined,
  payload: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): 'ok' | 'stale' | 'bad' {
  if (!header) return 'bad';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(v1)) return 'bad';
  const expected = createHmac('sha256', secret).update(`${t}.${payload}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'bad';
  if (Math.abs(nowSeconds - Number(t)) > SIGNATURE_TOLERANCE_S) return 'stale';
  return 'ok';
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit)
      throw new HttpError(
        413,
        `Request body is too large (limit ${limit >= 1024 * 1024 ? '1 MB' : '64 KB'})`,
      );
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Route hooks of the fulfilment operations (added by the api-routes plugin's onRoute): off without the
 * secret (the same 404 as any unknown path), and the signature checked over the raw bytes before the
 * body is parsed — POST over `<t>.<raw body>`, GET over `<t>.<path and query>`.
 */
export function fulfilmentRouteHooks(ctx: AppContext): Pick<RouteOptions, 'onRequest' | 'preParsing'> {
  const secret = ctx.config.lifecycle.fulfilmentSecret;
  return {
    onRequest: async () => {
      if (secret === null) throw notFound('Not found');
    },
    preParsing: async (request, _reply, payload) => {
      if (secret === null) throw notFound('Not found');
      const raw = await readAll(payload, request.method === 'PUT' ? MAX_SIGNED_STOCK_BODY : MAX_SIGNED_BODY);
      const signed = request.method === 'GET' ? request.url : raw.toString('utf8');
      const header = request.headers[SIGNATURE_HEADER];
      const verdict = verifyFulfilment(secret, typeof header === 'string' ? header : undefined, signed);
      if (verdict === 'stale')
        throw unauthorized(
          `Signature timestamp is more than ${SIGNATURE_TOLERANCE_S} seconds from the server's clock`,
        );
      if (verdict === 'bad') throw unauthorized('Invalid signature');
      const again = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      again.receivedEncodedLength = raw.length;
      return again;
    },
  };
}

export function fulfilmentHandlers(ctx: AppContext) {
  return {
    async receiveFulfilmentEvent(request: FastifyRequest): Promise<FulfilmentResult> {
      const body = request.body as FulfilmentEvent;
      const origin = eventOrigin(body, 'courier');
      const orderId = body.orderId.trim().toUpperCase();
      const result = await applyFulfilmentEvent(ctx.db, {
        ...origin,
        orderId,
        event: EVENT_OF[body.type],
        carrier: body.carrier ?? null,
        trackingNumber: body.trackingNumber ?? null,
        trackingUrl: body.trackingUrl ?? null,
        note: body.note ?? null,
      });
      switch (result.kind) {
        case 'unknownOrder':
          throw notFound(`Order ${orderId} not found`);
        case 'idConflict':
          throw conflict(`Event id "${body.id}" was already used for another order`);
        case 'kindConflict':
          throw conflict(`Event id "${body.id}" was already used for another event`);
        case 'illegal':
          throw conflict(
            `An order in status ${result.status} (${ORDER_STATUS_LOOK[result.status].label}) cannot become ${body.type}`,
          );
        case 'recorded': {
          const { event } = result;
          request.log.info(
            { orderId, eventId: body.id, from: event.fromStatus, to: event.toStatus, applied: event.applied },
            result.replay ? 'fulfilment event replayed' : 'fulfilment event recorded',
          );
          return {
            eventId: body.id,
            orderId,
            outcome: event.applied ? 'applied' : 'ignored',
            status: result.status,
            replay: result.replay,
            note: event.note,
          };
        }
      }
    },

    async listFulfilmentOrders(
      request: FastifyRequest,
    ): Promise<{ items: FulfilmentOrder[]; next: string | null }> {
      const {
        status,
        limit = 50,
        oldest,
        after,
      } = request.query as {
        status?: number;
        limit?: number;
        oldest?: boolean;
        after?: string;
      };
      // One more than the page: whether it is there says if a next page exists.
      const found = await ordersByStatus(ctx.db, (status ?? null) as OrderStatus | null, limit + 1, {
        oldest: oldest === true,
        ...(after === undefined ? {} : { after }),
      });
      if (found === null) throw badRequest(`after: no order ${after}`);
      const rows = found.slice(0, limit);
      const next = found.length > limit ? (rows.at(-1)?.order.id ?? null) : null;
      // The courier collects cash-on-delivery money: the listing says what is due.
      const cod = await cashOnDeliveryOf(
        ctx.db,
        rows.map(({ order }) => order.id),
      );
      return {
        // Stored text is printed by operators' terminals and couriers' tools: a control character a
        // row from before the refusal (server/plugins/request-validation.ts) still holds is escaped.
        items: rows.map(({ order, email }) => ({
          id: order.id,
          status: order.status,
          createdAt: order.createdAt.toISOString(),
          total: toRupees(order.totalPaise),
          email: escapeControls(email),
          shippingAddress: escapeControls(
            `${order.shipFullName}, ${order.shipAddress}, ${order.shipCity}, ${order.shipState} ${order.shipPostalCode}`,
          ),
          carrier: order.carrier === null ? null : escapeControls(order.carrier),
          trackingNumber: order.trackingNumber === null ? null : escapeControls(order.trackingNumber),
          ...(cod.has(order.id) ? { payment: toOrderPayment(cod.get(order.id) as CashOnDelivery) } : {}),
        })),
        next,
      };
    },
  };
}
