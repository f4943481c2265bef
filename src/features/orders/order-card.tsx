import { lazy, Suspense, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { DisplayOrder, ReturnRequest } from '../../../machines/orders.model';
import {
  offersExchange,
  returnKindWord,
  returnRefundText,
  returnWindowOpen,
} from '../../../machines/returns.model';
import { formatRupees, paiseOf } from '../../../shared/money';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../../components/fallback-image';
import { formatDeadline, formatLongDate } from '../../components/format';
import { ChevronDownIcon } from '../../components/icons';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { grid, stack } from '../../theme/layout';
import type { CancelControls } from './cancel-confirmation';
import { OrderLine } from './order-line';
import OrderReturns, { type ReturnWords } from './order-returns';
import { OrderTimeline } from './order-timeline';
import { factTerm, hasWaitingFacts, ShippingFacts, WaitingFacts } from './shipping-facts';
import { StatusBadge } from './status-badge';

/** The card's header and footer: what they hold spreads to both ends; a rule parts them from the body. */
const cardBar = css.raw({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: { base: '4', md: '6' },
  py: '4',
  borderColor: 'border.subtle',
});

/** The card's body: the glance at its items, and inside 'Order details' the lines, address and history. */
const cardBody = css.raw({ gap: '6', px: { base: '4', md: '6' }, py: '4' });

/** 'Order details': a full-width row with a chevron that turns when the details are open. */
const detailsToggle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '11',
  px: { base: '4', md: '6' },
  fontWeight: '600',
  color: 'primary.default',
  cursor: 'pointer',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
});
const chevron = css({
  transition: 'transform 0.15s',
  'details[open] > summary > &': { transform: 'rotate(180deg)' },
});

/** A muted line beside the footer's buttons: by when to pay, or to ask for a return. */
const footnote = css({ alignSelf: 'center', fontSize: 'sm', color: 'fg.muted' });

/** How many thumbnails the compact card shows. */
const GLANCE_IMAGES = 3;

/**
 * 'Cancel this order?' in its own chunk too: most visits never cancel; it is fetched as a pointer or the
 * keyboard reaches Cancel order, so it is in by the time the question is asked.
 */
const loadCancelConfirmation = () => import('./cancel-confirmation');
const CancelConfirmation = lazy(() =>
  loadCancelConfirmation().then((module) => ({ default: module.CancelConfirmation })),
);
const preloadCancelConfirmation = () => {
  loadCancelConfirmation().catch(() => undefined);
};

/** The return request form, in its own chunk (Conform and zod): most visits to My Orders never open it. */
const loadReturnForm = () => import('./return-form');

const RETURN_WORDS: ReturnWords = {
  titleOf: (r) => `${returnKindWord(r.kind)} ${r.id}`,
  moneyOf: returnRefundText,
};
const ReturnForm = lazy(() => loadReturnForm().then((module) => ({ default: module.ReturnForm })));
/** Fetched as a pointer or the keyboard reaches 'Return or exchange'; a failure shows when it opens. */
const preloadReturnForm = () => {
  loadReturnForm().catch(() => undefined);
};

/** What the card's 'Return or exchange' asks of the page (My Orders' machine); absent where it is read-only. */
export type ReturnControls = {
  /** The machine takes 'Return or exchange' for this order now (no other form or question is open). */
  canOpen: boolean;
  /** This card shows its request form (also while it is being sent). */
  open: boolean;
  /** The server is recording this card's request. */
  submitting: boolean;
  onOpen: () => void;
  onDismiss: () => void;
  onSubmit: (request: ReturnRequest) => void;
};

/**
 * One order of My Orders (spec §2 My Orders), compact so that a long history stays readable: its number,
 * date and status, a glance at its items, when it arrives (or its refund, or what is paid on delivery), its
 * total and what can be done with it. 'Order details' opens the lines with size and colour, quantity ×
 * unit price and line totals, the address and the history. A native `<details>`: it opens before the
 * app's code has loaded, from the keyboard, and to the browser's find-in-page.
 */
export function OrderCard({
  order,
  cancel,
  returns,
}: {
  order: DisplayOrder;
  cancel?: CancelControls;
  returns?: ReturnControls;
}) {
  const titleId = `order-${order.id}`;
  // A page left open past the deadline stops offering it; the server refuses it then anyway.
  const returnable = returnWindowOpen(order, new Date());
  const formOpen = Boolean(returns?.open);
  // Closing the form gives the focus back to the button that opened it.
  const returnButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(formOpen);
  useEffect(() => {
    if (wasOpen.current && !formOpen) returnButton.current?.focus();
    wasOpen.current = formOpen;
  }, [formOpen]);
  return (
    <Card as="article" padding="none" aria-labelledby={titleId}>
      <header className={css(cardBar, { bg: 'bg.muted', borderBottomWidth: '1px' })}>
        <div className={css({ minW: '0' })}>
          <h2 id={titleId} className={css({ fontWeight: '700', overflowWrap: 'anywhere' })}>
            Order {order.id}
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Placed on {formatLongDate(order.date)}</p>
        </div>
        <StatusBadge order={order} />
      </header>
      <div className={css(grid, cardBody, { gridTemplateColumns: { base: '1fr', md: '3fr 2fr' } })}>
        <ItemsGlance order={order} />
        {hasWaitingFacts(order) ? (
          <dl className={css(stack, { gap: '3', fontSize: 'sm' })}>
            <WaitingFacts order={order} />
          </dl>
        ) : null}
        {order.returns?.length ? (
          <OrderReturns order={order} part="glance" idPrefix={titleId} words={RETURN_WORDS} />
        ) : null}
      </div>
      <details className={css({ borderTopWidth: '1px', borderColor: 'border.subtle' })}>
        <summary className={detailsToggle}>
          Order details
          <ChevronDownIcon size={18} aria-hidden className={chevron} />
        </summary>
        <div
          className={css(grid, cardBody, { gridTemplateColumns: { base: '1fr', md: '3fr 2fr' }, pt: '0' })}
        >
          <div>
            <h3 className={factTerm}>Items</h3>
            <ul className={css({ mt: '2' })}>
              {order.items.map((item) => (
                <OrderLine key={item.id} item={item} />
              ))}
            </ul>
          </div>
          <dl className={css(stack, { gap: '3', fontSize: 'sm' })}>
            <ShippingFacts order={order} methodTerm="Method" trackingTerm="Tracking" />
          </dl>
          <div className={css({ gridColumn: { md: '1 / -1' } })}>
            <OrderTimeline order={order} headingId={`${titleId}-history`} />
          </div>
          {order.returns?.length ? (
            <OrderReturns order={order} part="history" idPrefix={titleId} words={RETURN_WORDS} />
          ) : null}
        </div>
      </details>
      <footer className={css(cardBar, { borderTopWidth: '1px' })}>
        <p className={css({ fontSize: 'lg' })}>
          Total: <strong>{formatRupees(paiseOf(order.total))}</strong>
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          {cancel && order.canCancel && !cancel.confirming && !cancel.cancelling ? (
            <Button
              variant="outline"
              onClick={cancel.onCancel}
              onPointerEnter={preloadCancelConfirmation}
              onFocus={preloadCancelConfirmation}
              aria-describedby={titleId}
            >
              Cancel order
            </Button>
          ) : null}
          {order.canPay && order.payBy ? (
            <p className={footnote}>Pay by {formatDeadline(order.payBy)}, or it is cancelled</p>
          ) : null}
          {order.canPay ? (
            <ButtonLink to={`/payment?orderId=${encodeURIComponent(order.id)}`} aria-describedby={titleId}>
              Pay Now
            </ButtonLink>
          ) : null}
          {returnable && order.returnBy ? (
            <p className={footnote}>Return or exchange by {formatDeadline(order.returnBy)}</p>
          ) : null}
          {returnable && returns?.canOpen && !formOpen ? (
            <Button
              ref={returnButton}
              variant="outline"
              onClick={returns.onOpen}
              onPointerEnter={preloadReturnForm}
              onFocus={preloadReturnForm}
              aria-describedby={titleId}
            >
              Return or exchange
            </Button>
          ) : null}
        </div>
        {cancel && (cancel.confirming || cancel.cancelling) ? (
          <Suspense fallback={null}>
            <CancelConfirmation order={order} controls={cancel} />
          </Suspense>
        ) : null}
        {returns && formOpen ? (
          <Suspense
            fallback={
              <p role="status" className={css({ flexBasis: '100%', fontSize: 'sm', color: 'fg.muted' })}>
                Opening the form…
              </p>
            }
          >
            <ReturnForm
              order={order}
              exchangeOffered={offersExchange(order)}
              submitting={returns.submitting}
              onSubmit={returns.onSubmit}
              onDismiss={returns.onDismiss}
            />
          </Suspense>
        ) : null}
      </footer>
    </Card>
  );
}

/** The compact card's items: up to three thumbnails, and what they are in words ('Kurta and 2 more'). */
function ItemsGlance({ order }: { order: DisplayOrder }) {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const [first, ...others] = order.items;
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}>
      <div className={css({ display: 'flex', gap: '1.5', flexShrink: '0' })} aria-hidden>
        {order.items.slice(0, GLANCE_IMAGES).map((item) => (
          <FallbackImage
            key={item.id}
            src={item.image}
            fallback={DEFAULT_PRODUCT_IMAGE}
            alt=""
            width={40}
            height={50}
            loading="lazy"
            className={css({
              w: '10',
              h: 'auto',
              aspectRatio: '4/5',
              objectFit: 'cover',
              borderRadius: 'control',
              bg: 'cotton.100',
            })}
          />
        ))}
      </div>
      <p className={css({ minW: '0', fontSize: 'sm' })}>
        <span className={css({ display: 'block', fontWeight: '600', overflowWrap: 'anywhere' })}>
          {first ? first.name : 'No items'}
          {others.length > 0 ? ` and ${others.length} more` : ''}
        </span>
        <span className={css({ display: 'block', color: 'fg.muted' })}>
          {count === 1 ? '1 item' : `${count} items`}
        </span>
      </p>
    </div>
  );
}
