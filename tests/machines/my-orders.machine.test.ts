import { expect } from 'vitest';
import { listedOrders, type MyOrdersContext } from '../../machines/my-orders.machine';
import {
  type CancelledOrder,
  type DisplayOrder,
  ORDERS_PAGE_SIZE,
  type OrdersFilter,
  type ReturnRequest,
} from '../../machines/orders.model';
import { offersReturn } from '../../machines/returns.model';
import { toast } from './support/fixtures';
import { deliveredOrder, modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed } from './support/suite';

describeModel(
  modelNamed('my-orders'),
  (step) => {
    const { event } = step;
    if (event.type === 'xstate.error.actor.fetchOrders')
      return [toast('Error', 'Failed to load your orders. Please try again.', 'error')];
    // A cancellation says so, with nothing to refund for an unpaid order.
    if (answered(step, 'cancelOrder'))
      return [
        toast(
          'Order cancelled',
          `Order ${answerOf<CancelledOrder>(step, 'cancelOrder')?.order.id} is cancelled.`,
          'success',
        ),
      ];
    // A refusal (shipped meanwhile) gives the server's reason.
    if (failed(step, 'cancelOrder'))
      return [toast('Error', 'This order has already shipped and can no longer be cancelled.', 'error')];
    // A recorded request is named by its kind, and says what happens next.
    if (answered(step, 'requestReturn'))
      return [toast('Exchange requested', 'We will email you when the pickup is scheduled.', 'success')];
    // A refusal gives the server's reason.
    if (failed(step, 'requestReturn'))
      return [toast('Error', 'The return window for this order has passed.', 'error')];
    return [];
  },
  {
    shows: (step) => {
      const { event, to } = step;
      // Spec §8: after a failure the list empties and the page shows 'No Orders Found'. A cancelled
      // order replaces its card.
      // An order with a new return (the server's answer) replaces its card too.
      const cancelled =
        answerOf<CancelledOrder>(step, 'cancelOrder')?.order ?? answerOf<DisplayOrder>(step, 'requestReturn');
      const orders = answered(step, 'fetchOrders')
        ? answerOf(step, 'fetchOrders')
        : event.type === 'xstate.error.actor.fetchOrders'
          ? []
          : cancelled
            ? before(step, (c) => c.orders as { id: string }[], []).map((o) =>
                o.id === cancelled.id ? cancelled : o,
              )
            : before(step, (c) => c.orders, []);
      expect(to.context.orders).toEqual(orders);
      expect(to.hasTag('loading')).toBe(
        event.type === 'xstate.init' || event.type === 'orders.retry' || failed(step, 'cancelOrder'),
      );
      // Retry is offered only after a failure.
      expect(to.can({ type: 'orders.retry' })).toBe(event.type === 'xstate.error.actor.fetchOrders');
      // The card asks to confirm from Cancel order until Keep order or the server's answer.
      // Only an order that has not shipped (or been cancelled) can be asked about.
      const asked = (event as { orderId?: string }).orderId;
      const cancellable = before(step, (c) => c.orders as { id: string; canCancel: boolean }[], []).some(
        (o) => o.id === asked && o.canCancel,
      );
      const asking =
        event.type === 'order.cancel' && cancellable
          ? asked
          : event.type === 'order.keep' || answered(step, 'cancelOrder') || failed(step, 'cancelOrder')
            ? null
            : before(step, (c) => c.cancelling, null);
      expect(to.context.cancelling).toBe(asking);
      // A chip filters while the shopper reads the list (not while a cancellation is asked or sent),
      // and starts its list at the first page; Show more orders adds a page while more are left.
      const browsing = step.from?.matches({ loaded: 'browsing' }) ?? false;
      const chosen = (event as { filter?: OrdersFilter }).filter;
      expect(to.context.filter).toBe(
        event.type === 'orders.filter' && browsing ? chosen : before(step, (c) => c.filter, 'all'),
      );
      const shownBefore = before(step, (c) => c.shown as number, ORDERS_PAGE_SIZE);
      const moreBefore = step.from ? listedOrders(step.from.context as MyOrdersContext).more : 0;
      expect(to.context.shown).toBe(
        event.type === 'orders.filter' && browsing
          ? ORDERS_PAGE_SIZE
          : event.type === 'orders.showMore' && browsing && moreBefore > 0
            ? shownBefore + ORDERS_PAGE_SIZE
            : shownBefore,
      );
      const { listed, more } = listedOrders(to.context as MyOrdersContext);
      expect(listed.length).toBeLessThanOrEqual(to.context.shown);
      expect(to.can({ type: 'orders.showMore' })).toBe(to.matches({ loaded: 'browsing' }) && more > 0);
      expect(to.hasTag('cancelling')).toBe(event.type === 'order.confirmCancel');
      // 'Return or exchange' opens the form of a delivered order within its window (never another's),
      // while the shopper reads the list; Cancel closes it, a recorded request too; a refusal keeps it.
      const returnable = before(step, (c) => c.orders as DisplayOrder[], []).some(
        (o) => o.id === asked && offersReturn(o),
      );
      const returning =
        event.type === 'order.return' && browsing && returnable
          ? asked
          : event.type === 'return.dismiss' || answered(step, 'requestReturn')
            ? null
            : before(step, (c) => c.returning, null);
      expect(to.context.returning).toBe(returning);
      expect(to.matches({ loaded: 'returning' })).toBe(returning !== null && event.type !== 'return.submit');
      expect(to.hasTag('submittingReturn')).toBe(event.type === 'return.submit');
      const offered = (to.context.orders as DisplayOrder[]).find((o) => o.id === deliveredOrder.id);
      expect(to.can({ type: 'order.return', orderId: deliveredOrder.id })).toBe(
        to.matches({ loaded: 'browsing' }) && offered !== undefined && offersReturn(offered),
      );
    },
    sends: {
      cancelOrder: (step) => ({ orderId: before(step, (c) => c.cancelling, null) }),
      // The request as the form made it, for the order whose form is open.
      requestReturn: (step) => ({
        orderId: before(step, (c) => c.returning, null),
        request: (step.event as { request?: ReturnRequest }).request,
      }),
    },
  },
);
