import { Link } from 'react-router';
import { css, cx } from 'styled-system/css';
import { choiceNeededMessage } from '../../../machines/cart.machine';
import {
  type CartLine,
  choiceFieldId,
  firstLineNeedingChoice,
  type LineShortage,
  lineNeedsChoice,
  lineTotal,
  MAX_LINE_QUANTITY,
  removeScope,
} from '../../../machines/cart.model';
import { shortLines } from '../../../machines/cart-stock.machine';
import { formatRupees, paiseOf } from '../../../shared/money';
import type { StockEntry } from '../../../shared/stock';
import { stockLabel } from '../../../shared/stock';
import {
  useCartCount,
  useCartLines,
  useCartReading,
  useCartRef,
  useCartTotal,
  usePageActor,
} from '../../app/app-actor';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../../components/fallback-image';
import { ArrowRightIcon, CartIcon, TrashIcon } from '../../components/icons';
import { h1Style, Page, StatePanel } from '../../components/layout/page';
import { usePhoneLayout } from '../../components/layout/use-phone-layout';
import { SummaryCard } from '../../components/summary-card';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LazyQuantityInput as QuantityInput } from '../../components/ui/lazy-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { grid, hstack, stack } from '../../theme/layout';
import { provideCartStockMachine } from './cart-stock.live';

function lineKey(line: CartLine) {
  return `${line.id}|${line.selectedColor ?? ''}|${line.selectedSize ?? ''}`;
}

const choiceSelect = css({
  h: '9',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  bg: 'bg.surface',
  fontSize: 'sm',
  _invalid: { borderColor: 'fg.error' },
});

/** A native select that asks for one missing choice (size or colour) of a cart line. */
function ChoiceSelect(props: {
  id: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  hintId: string;
  onPick: (value: string) => void;
}) {
  return (
    <select
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.hintId}
      aria-invalid="true"
      className={choiceSelect}
      value=""
      onChange={(event) => props.onPick(event.target.value)}
    >
      <option value="" disabled>
        {props.placeholder}
      </option>
      {props.options.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </select>
  );
}

/** A card added this line without a size or colour the product offers: ask for it in place. */
function ChooseVariant({ line }: { line: CartLine }) {
  const cart = useCartRef();
  const key = {
    id: line.id,
    ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
    ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
  };
  const pick = (choice: { selectedSize?: string; selectedColor?: string }) =>
    cart.send({ type: 'cart.choose', line: key, ...choice });
  const missing = [
    !line.selectedSize && line.sizeOptions ? 'size' : null,
    !line.selectedColor && line.colorOptions ? 'colour' : null,
  ].filter(Boolean);
  const hintId = `choose-${line.id}`;
  return (
    <div className={css(hstack, { flexWrap: 'wrap', gap: '2' })}>
      {!line.selectedSize && line.sizeOptions ? (
        <ChoiceSelect
          id={choiceFieldId(line, 'size')}
          label={`Size of ${line.name}`}
          placeholder="Choose size"
          options={line.sizeOptions}
          hintId={hintId}
          onPick={(value) => pick({ selectedSize: value })}
        />
      ) : null}
      {!line.selectedColor && line.colorOptions ? (
        <ChoiceSelect
          id={choiceFieldId(line, 'colour')}
          label={`Colour of ${line.name}`}
          placeholder="Choose colour"
          options={line.colorOptions}
          hintId={hintId}
          onPick={(value) => pick({ selectedColor: value })}
        />
      ) : null}
      <p id={hintId} className={css({ fontSize: 'sm', color: 'fg.error', w: 'full' })}>
        Choose a {missing.join(' and ')} before checkout.
      </p>
    </div>
  );
}

/**
 * A line the stock read says can no longer be had in full: "Sold out" or "Only N left", and the button
 * that fits it (the quantity to what is left, or the line out at 0; the product's other lines stay).
 */
function LineStock({ line, short }: { line: CartLine; short: LineShortage }) {
  const cart = useCartRef();
  const label = stockLabel(short.left);
  if (!label) return null;
  const fit = () => cart.send({ type: 'cart.fit', lines: [short] });
  return (
    <div className={css(hstack, { gap: '3', flexWrap: 'wrap' })}>
      <p
        role="status"
        className={css({
          fontSize: 'sm',
          fontWeight: '600',
          color: label.kind === 'soldOut' ? 'fg.error' : 'terracotta.700',
        })}
      >
        {label.text}
      </p>
      {short.left > 0 ? (
        <Button variant="outline" size="sm" onClick={fit} aria-label={`Keep ${short.left} of ${line.name}`}>
          Keep {short.left}
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={fit} aria-label={`Remove sold-out ${line.name}`}>
          <TrashIcon size={16} /> Remove
        </Button>
      )}
    </div>
  );
}

function CartLineRow({
  line,
  lines,
  stock,
}: {
  line: CartLine;
  lines: readonly CartLine[];
  stock: readonly StockEntry[] | null;
}) {
  const cart = useCartRef();
  const short = shortLines([line], stock)[0];
  // Remove takes every line of the product (spec §4): where there are several, the button says so, and
  // each line's button has its own name.
  const scope = removeScope(lines, line.id);
  const variant = [line.selectedSize, line.selectedColor].filter(Boolean).join(' / ');
  const removeLabel = scope
    ? `Remove ${scope} of ${line.name}${variant ? ` (from the ${variant} line)` : ''}`
    : `Remove ${line.name}`;
  const limitId = `limit-${choiceFieldId(line, 'size')}`;
  const href = `/product/${encodeURIComponent(line.id)}`;
  const details = [
    line.selectedColor ? `Colour: ${line.selectedColor}` : null,
    line.selectedSize ? `Size: ${line.selectedSize}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      aria-label={line.name}
      className={css(grid, {
        gridTemplateColumns: { base: '80px 1fr', sm: '96px 1fr auto' },
        gap: '4',
        alignItems: 'center',
        py: '5',
        borderBottomWidth: '1px',
        borderColor: 'border.subtle',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={css({ borderRadius: 'control', overflow: 'hidden', bg: 'cotton.100' })}
      >
        <FallbackImage
          src={line.image}
          fallback={DEFAULT_PRODUCT_IMAGE}
          alt={line.name}
          width={96}
          height={120}
          loading="lazy"
          className={css({ w: 'full', h: 'auto', aspectRatio: '4/5', objectFit: 'cover' })}
        />
      </Link>
      <div className={css(stack, { gap: '1.5', minW: '0' })}>
        <h2 className={css({ fontWeight: '600', fontSize: 'md' })}>
          <Link to={href} className={css({ _hover: { color: 'terracotta.700' } })}>
            {line.name}
          </Link>
        </h2>
        {details ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{details}</p> : null}
        {lineNeedsChoice(line) ? <ChooseVariant line={line} /> : null}
        {short ? <LineStock line={line} short={short} /> : null}
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="line-sum">
          {formatRupees(paiseOf(line.price))} × {line.quantity} = {formatRupees(paiseOf(lineTotal(line)))}
        </p>
        <div className={css(hstack, { gap: '3', mt: '1', flexWrap: 'wrap' })}>
          <QuantityInput
            label={`Quantity of ${line.name}`}
            hideLabel
            max={MAX_LINE_QUANTITY}
            value={line.quantity}
            onValueChange={(quantity) =>
              cart.send({
                type: 'cart.update',
                id: line.id,
                ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
                ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
                quantity,
              })
            }
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => cart.send({ type: 'cart.remove', id: line.id })}
            aria-label={removeLabel}
          >
            <TrashIcon size={18} /> {scope ? `Remove ${scope}` : 'Remove'}
          </Button>
        </div>
        {line.quantity >= MAX_LINE_QUANTITY ? (
          <p id={limitId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Limit {MAX_LINE_QUANTITY} per size and colour.
          </p>
        ) : null}
      </div>
      <p
        className={css({
          gridColumn: { base: '2', sm: 'auto' },
          fontWeight: '700',
          fontSize: 'lg',
          textAlign: { sm: 'right' },
        })}
      >
        {formatRupees(paiseOf(lineTotal(line)))}
      </p>
    </li>
  );
}

// The loading rows and the empty cart take the same room (each fits in it on a phone and on a wide
// screen), so the footer does not move when the stored cart turns out empty (CLS 0.023 on /cart before);
// their pages are keyed apart, so the empty one is new rather than the loading one narrowed (0.12 on a
// wide screen).
const cartStateHeight = css({ minH: { base: '28rem', md: '30rem' } });

const stickyBar = css(grid, {
  position: 'sticky',
  bottom: 'calc(4rem + env(safe-area-inset-bottom))',
  zIndex: 'dropdown',
  mt: '6',
  mx: '-4',
  px: '4',
  py: '3',
  bg: 'bg.surface',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  boxShadow: 'dock',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'center',
  gap: '4',
});

/** /cart (spec §2 Cart). */
export default function CartPage() {
  const reading = useCartReading();
  const lines = useCartLines();
  const count = useCartCount();
  const total = useCartTotal();
  const cart = useCartRef();
  // What is left of the lines, read each time the page opens (never cached): machines/cart-stock.machine.ts.
  const [stockState] = usePageActor('cartStock', provideCartStockMachine);
  const { stock } = stockState.context;
  // Checkout stays open when a line is short: the read may be stale by the time the order is placed, so
  // POST /orders decides (its 409 shows the short lines again at checkout; machines/cart.machine.ts).
  // Checkout waits while a line lacks its size or colour: the button says which (and, pressed, the
  // cart machine puts the shopper on that line's picker).
  const phone = usePhoneLayout();
  const open = firstLineNeedingChoice(lines);
  const blocked = open ? choiceNeededMessage(open.line.name, open.missing) : null;
  const checkout = (props: { className?: string; describedBy: string }) => (
    <Button
      size="lg"
      fullWidth
      aria-disabled={blocked ? 'true' : undefined}
      aria-describedby={blocked ? props.describedBy : undefined}
      className={props.className}
      onClick={() => cart.send({ type: 'cart.checkout' })}
    >
      Checkout <ArrowRightIcon size={18} />
    </Button>
  );

  if (reading) {
    // The server's page and the hydrating render: the cart is in the browser's storage, read next.
    return (
      <Page key="reading" className={cartStateHeight}>
        <h1 className={cx(h1Style, css({ mb: '6' }))}>Shopping Cart</h1>
        <Card padding="sm" aria-busy="true" aria-label="Cart items">
          <p className={css({ srOnly: true })}>Loading your cart…</p>
          {[0, 1].map((row) => (
            <div key={row} className={css({ display: 'flex', gap: '4', py: '4' })}>
              <Skeleton className={css({ w: '20', h: '24', flexShrink: 0 })} />
              <div className={css(stack, { flex: '1', gap: '2' })}>
                <Skeleton className={css({ h: '5', w: '2/3' })} />
                <Skeleton className={css({ h: '4', w: '1/3' })} />
              </div>
            </div>
          ))}
        </Card>
      </Page>
    );
  }

  if (lines.length === 0) {
    return (
      <Page key="empty" width="prose" className={cartStateHeight}>
        <StatePanel
          titleAs="h1"
          icon={<CartIcon size={48} />}
          title="Your cart is empty"
          action={<ButtonLink to="/">Continue Shopping</ButtonLink>}
        >
          Browse our collection and add something you love.
        </StatePanel>
      </Page>
    );
  }

  return (
    <Page>
      <div
        className={css({
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: '4',
          mb: '6',
          flexWrap: 'wrap',
        })}
      >
        <h1 className={h1Style}>Shopping Cart</h1>
        <p className={css({ color: 'fg.muted' })}>{count} Item(s)</p>
      </div>
      <div
        className={css(grid, {
          gap: '8',
          gridTemplateColumns: { base: '1fr', lg: '1fr 22rem' },
          alignItems: 'start',
        })}
      >
        <Card
          as="section"
          padding="none"
          aria-label="Cart items"
          className={css({ px: { base: '4', md: '6' } })}
        >
          <ul>
            {lines.map((line) => (
              <CartLineRow key={lineKey(line)} line={line} lines={lines} stock={stock} />
            ))}
          </ul>
        </Card>
        <SummaryCard>
          <dl className={css(grid, { gridTemplateColumns: '1fr auto', gap: '2', fontSize: 'sm' })}>
            <dt>Subtotal</dt>
            <dd className={css({ fontWeight: '700', fontSize: 'lg' })}>{formatRupees(paiseOf(total))}</dd>
            <dt className={css({ color: 'fg.muted' })}>Shipping</dt>
            <dd className={css({ color: 'fg.success', fontWeight: '600' })}>Free</dd>
          </dl>
          {blocked ? (
            <p id="checkout-blocked" className={css({ fontSize: 'sm', color: 'fg.error' })}>
              {blocked}
            </p>
          ) : null}
          {phone ? null : checkout({ describedBy: 'checkout-blocked' })}
          <Button variant="danger" fullWidth onClick={() => cart.send({ type: 'cart.clear' })}>
            <TrashIcon size={18} /> Clear Cart
          </Button>
          <ButtonLink to="/products" variant="link" className={css({ alignSelf: 'center' })}>
            Continue Shopping
          </ButtonLink>
        </SummaryCard>
      </div>
      {/* Phones: the total and Checkout stay at the bottom, just above the tab bar. */}
      {phone ? (
        <div data-testid="cart-sticky-bar" className={stickyBar}>
          <p className={css({ display: 'flex', flexDirection: 'column', lineHeight: 'tight' })}>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>Total ({count} Item(s))</span>
            <span className={css({ fontWeight: '700', fontSize: 'lg' })}>{formatRupees(paiseOf(total))}</span>
          </p>
          {checkout({ describedBy: 'checkout-blocked' })}
        </div>
      ) : null}
    </Page>
  );
}
