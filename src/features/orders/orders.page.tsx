import { useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { listedOrders } from '../../../machines/my-orders.machine';
import { matchesFilter, ORDER_FILTERS, type OrdersFilter } from '../../../machines/orders.model';
import { usePageActor } from '../../app/app-actor';
import { ShirtIcon } from '../../components/icons';
import { h1Style, Page, StatePanel } from '../../components/layout/page';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorAlert } from '../../components/ui/error-alert';
import { RadioChips } from '../../components/ui/radio-chips';
import { stack } from '../../theme/layout';
import { provideMyOrdersMachine } from './my-orders.live';
import { OrderCard } from './order-card';

const ORDERS_LOAD_FAILED = 'We could not load your orders. Please try again.';
const PAYMENT_FAILED_NOTICE = 'Payment failed. You can try again with Pay Now.';

/**
 * /orders (spec §2 My Orders). A gateway that could not take the payment sends the shopper back here
 * with ?payment=failed; the order stays Pending with its Pay Now button.
 */
export default function OrdersPage() {
  const [state, send] = usePageActor('myOrders', provideMyOrdersMachine);
  const [params] = useSearchParams();
  const paymentFailed = params.get('payment') === 'failed';
  const { orders, cancelling, returning, filter } = state.context;
  const { listed, more } = listedOrders(state.context);
  const countOf = (value: OrdersFilter) => orders.filter((order) => matchesFilter(order, value)).length;
  const chosenLabel = ORDER_FILTERS.find((f) => f.value === filter)?.label ?? 'All';

  return (
    <Page>
      <h1 className={h1Style}>My Orders</h1>
      {paymentFailed ? <ErrorAlert className={css({ mt: '4' })}>{PAYMENT_FAILED_NOTICE}</ErrorAlert> : null}
      <div className={css({ mt: '6' })}>
        {state.hasTag('loading') ? (
          <p role="status" className={css({ color: 'fg.muted', py: '12', textAlign: 'center' })}>
            Loading your orders...
          </p>
        ) : state.matches('failed') ? (
          <StatePanel
            tone="error"
            title="Orders unavailable"
            action={<Button onClick={() => send({ type: 'orders.retry' })}>Try Again</Button>}
          >
            {ORDERS_LOAD_FAILED}
          </StatePanel>
        ) : orders.length === 0 ? (
          <StatePanel
            icon={<ShirtIcon size={48} />}
            title="No Orders Found"
            action={<ButtonLink to="/products">Browse Products</ButtonLink>}
          >
            You have not placed any orders yet.
          </StatePanel>
        ) : (
          <div className={css(stack, { gap: '6' })}>
            <RadioChips
              legend="Show"
              name="orders-filter"
              options={ORDER_FILTERS.map((f) => ({
                value: f.value,
                label: `${f.label} (${countOf(f.value)})`,
              }))}
              value={filter}
              onValueChange={(value) => send({ type: 'orders.filter', filter: value })}
            />
            {listed.length === 0 ? (
              <p role="status" className={css({ color: 'fg.muted', py: '8', textAlign: 'center' })}>
                No {chosenLabel.toLowerCase()} orders.
              </p>
            ) : null}
            <ul className={css(stack, { gap: '6' })}>
              {listed.map((order) => (
                <li key={order.id}>
                  <OrderCard
                    order={order}
                    cancel={{
                      confirming: state.matches({ loaded: 'confirming' }) && cancelling === order.id,
                      cancelling: state.hasTag('cancelling') && cancelling === order.id,
                      onCancel: () => send({ type: 'order.cancel', orderId: order.id }),
                      onKeep: () => send({ type: 'order.keep' }),
                      onConfirm: () => send({ type: 'order.confirmCancel' }),
                    }}
                    returns={{
                      canOpen: state.can({ type: 'order.return', orderId: order.id }),
                      open: returning === order.id,
                      submitting: state.hasTag('submittingReturn') && returning === order.id,
                      onOpen: () => send({ type: 'order.return', orderId: order.id }),
                      onDismiss: () => send({ type: 'return.dismiss' }),
                      onSubmit: (request) => send({ type: 'return.submit', request }),
                    }}
                  />
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <Button
                variant="outline"
                className={css({ alignSelf: 'center' })}
                onClick={() => send({ type: 'orders.showMore' })}
              >
                Show more orders ({more} more)
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </Page>
  );
}
