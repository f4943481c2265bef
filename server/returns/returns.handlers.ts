import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Order, ReturnEvent, ReturnEventResult, ReturnRequest } from '../../contract/schema';
import { RETURN_STATUS_LABEL } from '../../shared/return-lifecycle';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { eventOrigin } from '../orders/event-origin';
import { orderJson } from '../orders/order-json';
import { orderWithOwnerEmail } from '../orders/orders.repository';
import { ORDER_ID_PATTERN } from '../orders/orders.service';
import { applyReturnEvent } from './returns.repository';
import { requestReturn } from './returns.service';

const ORDER_NOT_FOUND = 'Order not found or access denied';

const EVENT_OF = {
  pickupScheduled: 'return.pickupScheduled',
  pickedUp: 'return.pickedUp',
  received: 'return.received',
  refunded: 'return.refunded',
  exchanged: 'return.exchanged',
  rejected: 'return.rejected',
} as const;

/** The return operations (docs/returns.md): the shopper's request, and the signed events that move a return. */
export function returnsHandlers(ctx: AppContext) {
  const view = { paymentWindowMs: ctx.config.lifecycle.paymentWindowMs, delivery: ctx.delivery ?? null };
  return {
    async requestReturn(request: FastifyRequest, reply: FastifyReply): Promise<Order> {
      const user = await requireUser(ctx, request);
      const { orderId: rawId } = request.params as { orderId: string };
      const orderId = rawId.trim().toUpperCase();
      if (!ORDER_ID_PATTERN.test(orderId)) throw notFound(ORDER_NOT_FOUND);
      await requestReturn(ctx, user.id, orderId, request.body as ReturnRequest);
      const found = await orderWithOwnerEmail(ctx.db, orderId);
      if (!found) throw notFound(ORDER_NOT_FOUND);
      reply.code(201);
      return orderJson(ctx.db, found.order, view);
    },

    async receiveReturnEvent(request: FastifyRequest): Promise<ReturnEventResult> {
      const body = request.body as ReturnEvent;
      const origin = eventOrigin(body, 'operator');
      const returnId = body.returnId.trim().toUpperCase();
      const result = await applyReturnEvent(ctx.db, {
        ...origin,
        returnId,
        event: EVENT_OF[body.type],
        note: body.note?.trim() ? body.note.trim() : null,
      });
      switch (result.kind) {
        case 'unknownReturn':
          throw notFound(`Return ${returnId} not found`);
        case 'idConflict':
          throw conflict(`Event id "${body.id}" was already used for return ${result.returnId}`);
        case 'illegal':
          throw conflict(
            `A ${result.returnKind} that is ${RETURN_STATUS_LABEL[result.status].toLowerCase()} cannot become ${body.type}`,
          );
        case 'recorded':
          request.log.info({ returnId, eventId: body.id, status: result.status }, 'return event recorded');
          return { eventId: body.id, returnId, status: result.status, replay: result.replay };
      }
    },
  };
}
